// Builds the print model for a visit in the chosen language (the interface's by default) and asks
// for printing. Another language's texts are loaded first, without switching the interface.
import { useState } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { type Lang, currentLang, loadLanguage } from '../../i18n';
import { api } from '../../providers/http';
import { useSession } from '../../providers/session';
import { TENANT_ROLE } from '../../../shared/roles';
import { type PrintModel, printModel } from './lib/printModel';

export function usePrint() {
  const { user } = useSession();
  const [model, setModel] = useState<PrintModel | null>(null);
  const [nonce, setNonce] = useState(0);
  const isDoctor = user?.role === TENANT_ROLE.mainDoctor || user?.role === TENANT_ROLE.doctor;
  const print = async (visit: BaseRecord, patient: BaseRecord | undefined, lang: Lang = currentLang()) => {
    // The print is in the audit trail like any opening of the record; printing goes on regardless.
    if (visit.id !== undefined) void api(`/visitings/${String(visit.id)}/prints`, { method: 'POST', quiet: true }).catch(() => undefined);
    await loadLanguage(lang);
    setModel(printModel({ lang, clinic: user?.tenant?.name, doctor: isDoctor ? user?.name : null, patient, visit }));
    setNonce((n) => n + 1);
  };
  return { model, nonce, print };
}

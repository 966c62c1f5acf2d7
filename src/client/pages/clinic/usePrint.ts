// Builds the print model for a visit in the current language and asks for printing.
import { useState } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { currentLang } from '../../i18n';
import { useSession } from '../../providers/session';
import { TENANT_ROLE } from '../../../shared/roles';
import { type PrintModel, printModel } from './lib/printModel';

export function usePrint() {
  const { user } = useSession();
  const [model, setModel] = useState<PrintModel | null>(null);
  const [nonce, setNonce] = useState(0);
  const isDoctor = user?.role === TENANT_ROLE.mainDoctor || user?.role === TENANT_ROLE.doctor;
  const print = (visit: BaseRecord, patient: BaseRecord | undefined) => {
    setModel(printModel({ lang: currentLang(), clinic: user?.tenant?.name, doctor: isDoctor ? user?.name : null, patient, visit }));
    setNonce((n) => n + 1);
  };
  return { model, nonce, print };
}

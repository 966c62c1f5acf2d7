// Warns, with a link, when a patient with this phone or national ID already exists.
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { api } from '../../providers/http';
import { digits, samePhone } from './lib/phone';

interface Hit {
  id: number;
  name: string;
  phone?: string | null;
}

function useExisting(field: 'phone' | 'national_id', value: unknown): Hit | null {
  const [hit, setHit] = useState<Hit | null>(null);
  const v = typeof value === 'string' ? value.trim() : '';
  const enough = field === 'phone' ? digits(v).length >= 7 : v.length >= 4;
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      if (!enough) return setHit(null);
      // A phone is looked up by its last digits through the patient search, then compared here.
      const query = field === 'phone' ? { q: digits(v).slice(-7), per_page: '20' } : { [`filter[${field}]`]: v, per_page: '1' };
      api<{ data: Hit[] }>('/patients', { query: new URLSearchParams(query).toString(), quiet: true })
        .then((b) => live && setHit(b.data?.find((h) => field !== 'phone' || samePhone(h.phone ?? '', v)) ?? null))
        .catch(() => live && setHit(null));
    }, 400);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [field, v, enough]);
  return enough ? hit : null;
}

export function DuplicateHint({ phone, nationalId }: { phone: unknown; nationalId?: unknown }) {
  const t = useT();
  const byPhone = useExisting('phone', phone);
  const byId = useExisting('national_id', nationalId);
  const hits = [
    byPhone && { hit: byPhone, what: t('fields.phone', 'Phone') },
    byId && byId.id !== byPhone?.id && { hit: byId, what: t('resources.patients.fields.national_id', 'National ID') },
  ].filter((h): h is { hit: Hit; what: string } => !!h);
  if (!hits.length) return null;
  return (
    <>
      {hits.map(({ hit, what }) => (
        <Alert
          key={`${what}-${hit.id}`}
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="duplicate-patient"
          message={t('clinic.patientExists', { field: what, name: hit.name })}
          action={<Link to={`/patients/${hit.id}`}>{t('clinic.openPatient', 'Open patient')}</Link>}
        />
      ))}
    </>
  );
}

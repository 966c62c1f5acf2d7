// A patient's header: name, file number, age, gender, phone, national ID, blood group, then the safety header
// (allergies, alerts, current medications, chronic conditions, latest vitals).
import { Descriptions, Skeleton, Typography } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { ageFromDob, formatAge } from './lib/age';
import { PhoneText } from '../../engine/PhoneText';
import { FieldValue } from '../../engine/FieldValue';
import { PatientSafety } from './PatientSafety';
import { notKeptHere } from '../../engine/keptOnly';

const def = resourceByName('patients');

/** `answer`: the read's whole answer (Refine's query.data): read from the device, it says which fields the device does not keep. */
export function PatientSummary({ patient, loading, extra, answer }: { patient?: BaseRecord; loading?: boolean; extra?: React.ReactNode; answer?: unknown }) {
  const t = useT();
  if (loading || !patient) return <Skeleton active paragraph={{ rows: 1 }} />;
  const value = (name: string) => <FieldValue name={name} field={def.fields[name]} value={patient[name]} notKept={notKeptHere(answer, 'patients', name)} />;
  const age = formatAge(t, ageFromDob(patient.date_of_birth));
  const items = [
    { key: 'file', label: fieldLabel(t, def, 'file_number'), children: <span data-testid="patient-file-number">{value('file_number')}</span> },
    { key: 'age', label: t('clinic.age', 'Age'), children: age || '—' },
    { key: 'gender', label: fieldLabel(t, def, 'gender'), children: enumLabel(t, def.fields.gender, patient.gender) || '—' },
    { key: 'dob', label: fieldLabel(t, def, 'date_of_birth'), children: value('date_of_birth') },
    { key: 'phone', label: fieldLabel(t, def, 'phone'), children: patient.phone ? <PhoneText value={String(patient.phone)} /> : '—' },
    { key: 'nid', label: fieldLabel(t, def, 'national_id'), children: value('national_id') },
    { key: 'blood', label: fieldLabel(t, def, 'blood_group'), children: <span data-testid="patient-blood-group">{value('blood_group')}</span> },
  ];
  return (
    <div data-testid="patient-summary" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="patient-name">
        {String(patient.name ?? '')} {extra}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} contentStyle={{ whiteSpace: 'nowrap' }} items={items} />
      <PatientSafety patientId={Number(patient.id)} />
    </div>
  );
}

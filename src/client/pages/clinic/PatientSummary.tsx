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

const def = resourceByName('patients');

export function PatientSummary({ patient, loading, extra }: { patient?: BaseRecord; loading?: boolean; extra?: React.ReactNode }) {
  const t = useT();
  if (loading || !patient) return <Skeleton active paragraph={{ rows: 1 }} />;
  const age = formatAge(t, ageFromDob(patient.date_of_birth));
  const items = [
    { key: 'file', label: fieldLabel(t, def, 'file_number'), children: <span data-testid="patient-file-number"><FieldValue name="file_number" field={def.fields.file_number} value={patient.file_number} /></span> },
    { key: 'age', label: t('clinic.age', 'Age'), children: age || '—' },
    { key: 'gender', label: fieldLabel(t, def, 'gender'), children: enumLabel(t, def.fields.gender, patient.gender) || '—' },
    { key: 'dob', label: fieldLabel(t, def, 'date_of_birth'), children: <FieldValue name="date_of_birth" field={def.fields.date_of_birth} value={patient.date_of_birth} /> },
    { key: 'phone', label: fieldLabel(t, def, 'phone'), children: patient.phone ? <PhoneText value={String(patient.phone)} /> : '—' },
    { key: 'nid', label: fieldLabel(t, def, 'national_id'), children: <FieldValue name="national_id" field={def.fields.national_id} value={patient.national_id} /> },
    { key: 'blood', label: fieldLabel(t, def, 'blood_group'), children: <span data-testid="patient-blood-group"><FieldValue name="blood_group" field={def.fields.blood_group} value={patient.blood_group} /></span> },
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

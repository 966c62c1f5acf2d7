// The safety header under a patient's name (patient page, visit screens): the patient's photo
// beside it when one was taken (the right patient at the desk), allergies first and in
// red, active alerts, current medications, chronic conditions and the latest vital signs, from
// GET /patients/:id/safety. A part the caller may not read is left out; "no known allergies" is
// said only when allergies could be read and none are recorded. Follows live changes.
import { Alert, Space, Tag, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { resourceByName } from '../../../../resources';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { FieldValue, enumColor } from '../../engine/FieldValue';
import { useApiGet } from '../../engine/useApiGet';
import { FileValue } from '../../engine/FileValue';

type Row = Record<string, unknown>;
interface Safety {
  photo?: number | null;
  allergies: Row[] | null;
  alerts: Row[] | null;
  medications: Row[] | null;
  conditions: Row[] | null;
  vitals: Row | null;
}

const allergies = resourceByName('allergies');
const alerts = resourceByName('patientAlerts');
const vitalSigns = resourceByName('vitalSigns');
const photoField = resourceByName('patients').fields.photo;
/** A change to any of these, by anyone, asks the header again. */
const SOURCES = ['patients', 'allergies', 'patientAlerts', 'pastMedications', 'pastMedicalHistories', 'vitalSigns'];
const VITALS = ['systolic', 'diastolic', 'heart_rate', 'body_temperature', 'oxygen_saturation', 'weight'] as const;

export function PatientSafety({ patientId }: { patientId: number }) {
  const t = useT();
  const { data } = useApiGet<{ data?: Safety }>(`/patients/${patientId}/safety`, undefined, Number.isSafeInteger(patientId) && patientId > 0, SOURCES);
  const s = data?.data;
  if (!s) return null;
  const line = (label: string, testId: string, content: React.ReactNode) => (
    <div data-testid={testId}>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      {content}
    </div>
  );
  const vitals = s.vitals;
  const header = (
    <Space direction="vertical" size={6} style={{ width: '100%', marginTop: 8 }} data-testid="patient-safety">
      {s.allergies &&
        (s.allergies.length ? (
          <Alert
            type="error"
            showIcon
            icon={<WarningOutlined />}
            data-testid="safety-allergies"
            message={
              <Space wrap size={[4, 4]}>
                <strong>{t('safety.allergies', 'Allergies')}:</strong>
                {s.allergies.map((a) => (
                  <Tag key={String(a.id)} color={enumColor(allergies.fields.severity, a.severity)}>
                    <bdi>{String(a.substance)}</bdi> · {enumLabel(t, allergies.fields.severity, a.severity)}
                    {a.reaction ? <> · <bdi>{String(a.reaction)}</bdi></> : null}
                  </Tag>
                ))}
              </Space>
            }
          />
        ) : (
          <Tag color="green" data-testid="safety-allergies">
            {t('safety.noAllergies', 'No known allergies')}
          </Tag>
        ))}
      {s.alerts && s.alerts.length > 0 && (
        line(
          t('safety.alerts', 'Alerts'),
          'safety-alerts',
          s.alerts.map((a) => (
            <Tag key={String(a.id)} color="orange">
              {enumLabel(t, alerts.fields.kind, a.kind)}
              {a.detail ? <> · <bdi>{String(a.detail)}</bdi></> : null}
            </Tag>
          )),
        )
      )}
      {s.medications && s.medications.length > 0 && line(t('safety.medications', 'Current medications'), 'safety-medications', s.medications.map((m) => <Tag key={String(m.id)}><bdi>{[m.drug_name, m.dose, m.frequency].filter(Boolean).join(' · ')}</bdi></Tag>))}
      {s.conditions && s.conditions.length > 0 && line(t('safety.conditions', 'Chronic conditions'), 'safety-conditions', s.conditions.map((c) => <Tag key={String(c.id)}><bdi>{String(c.condition)}</bdi></Tag>))}
      {vitals &&
        line(
          t('safety.vitals', 'Latest vital signs'),
          'safety-vitals',
          <Space wrap size={[12, 0]}>
            <FieldValue name="measured_at" field={vitalSigns.fields.measured_at} value={vitals.measured_at} />
            {VITALS.filter((name) => vitals[name] !== null && vitals[name] !== undefined).map((name) => (
              <span key={name}>
                {fieldLabel(t, vitalSigns, name)}: <FieldValue name={name} field={vitalSigns.fields[name]} value={vitals[name]} />
              </span>
            ))}
          </Space>,
        )}
    </Space>
  );
  if (!s.photo) return header;
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <div style={{ marginTop: 8, flex: 'none' }} data-testid="safety-photo">
        <FileValue field={photoField} value={s.photo} size={72} />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>{header}</div>
    </div>
  );
}

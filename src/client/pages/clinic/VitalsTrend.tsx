// The trend of a patient's vital signs (weight, BMI, blood pressure, heart rate), latest BMI shown.
import { Card, Col, Row, Segmented, Statistic } from 'antd';
import { useState } from 'react';
import { useList } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { fieldLabel, unitLabel } from '../../../shared/labels';
import { FieldValue, formatNumber } from '../../engine/FieldValue';
import { instantText } from '../../engine/instant';
import { abnormality } from '../../../shared/resource';
import { LazyChart } from './charts/LazyChart';
import { type TrendField, vitalSeries } from './lib/vitals';
import { Ltr } from '../../engine/Ltr';

const def = resourceByName('vitalSigns');
const GROUPS: Record<string, TrendField[]> = { body: ['weight', 'bmi'], pressure: ['systolic', 'diastolic', 'heart_rate'] };

export function VitalsTrend({ patientId }: { patientId: number }) {
  const t = useT();
  const [group, setGroup] = useState<'body' | 'pressure'>('body');
  const { result, query } = useList({
    resource: 'vitalSigns',
    filters: [{ field: 'patient_id', operator: 'eq', value: patientId }],
    sorters: [{ field: 'measured_at', order: 'desc' }],
    pagination: { pageSize: 100 },
  });
  const rows = result.data ?? [];
  const latest = rows.find((r) => r.bmi !== null && r.bmi !== undefined);
  const fields = GROUPS[group];
  const label = (f: TrendField) => `${fieldLabel(t, def, f)} (${unitLabel(t, def.fields[f].unit ?? '')})`;
  // The readings of the shown measures that lie outside their declared normal range, newest first.
  const abnormal = rows
    .flatMap((r) => fields.filter((f) => abnormality(def.fields[f], r[f])).map((f) => ({ at: String(r.measured_at), field: f, value: r[f] })))
    .slice(0, 8);
  const data = vitalSeries(rows.map((r) => Object.fromEntries(['measured_at', ...fields].map((k) => [k, r[k]]))), label, (v) => instantText(v));
  return (
    <Card size="small" loading={query.isLoading} style={{ marginBottom: 16 }} data-testid="vitals-trend">
      <Row gutter={16} align="middle">
        <Col xs={24} md={6}>
          <Statistic title={fieldLabel(t, def, 'bmi')} value={latest ? formatNumber(latest.bmi, def.fields.bmi) : '—'} valueStyle={{ direction: 'ltr', unicodeBidi: 'isolate' }} />
          <Segmented
            style={{ marginTop: 12 }}
            value={group}
            onChange={(v) => setGroup(v as 'body' | 'pressure')}
            options={[
              { value: 'body', label: t('clinic.trendBody', 'Weight and BMI') },
              { value: 'pressure', label: t('clinic.trendPressure', 'Blood pressure and pulse') },
            ]}
          />
        </Col>
        <Col xs={24} md={18}>
          <LazyChart kind="line" data={data} height={240} />
          {abnormal.length > 0 && (
            <div data-testid="vitals-abnormal" style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'center' }}>
              <strong>{t('vitals.outOfRange', 'Outside the normal range')}:</strong>
              {abnormal.map(({ at, field, value }) => (
                <span key={`${at}-${field}`}>
                  {fieldLabel(t, def, field)} <FieldValue field={def.fields[field]} value={value} /> <Ltr>{instantText(at).slice(0, 10)}</Ltr>
                </span>
              ))}
            </div>
          )}
        </Col>
      </Row>
    </Card>
  );
}

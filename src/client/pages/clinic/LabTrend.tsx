// The trend of one lab test's results on the patient's chart (issue 40), above the results' list
// and beside the vitals' trend: the tests with a result to choose from, the newest result with its
// range and flag, and the values over time (the chart library loads only when shown).
import { useState } from 'react';
import { Card, Col, Row, Select, Statistic, Tag } from 'antd';
import { useList } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { fieldLabel } from '../../../shared/labels';
import { FieldValue } from '../../engine/FieldValue';
import { labelsOf } from '../../providers/dataProvider';
import { LazyChart } from './charts/LazyChart';
import { Ltr } from '../../engine/Ltr';

const def = resourceByName('labResults');

export function LabTrend({ patientId }: { patientId: number }) {
  const t = useT();
  const { result, query } = useList({
    resource: 'labResults',
    filters: [{ field: 'patient_id', operator: 'eq', value: patientId }],
    sorters: [{ field: 'resulted_on', order: 'asc' }],
    pagination: { pageSize: 200 },
  });
  const rows = (result.data ?? []).filter((r) => r.value !== null && r.value !== undefined && r.resulted_on);
  const names = labelsOf(query.data).lab_test_id ?? {};
  const tests = [...new Set(rows.map((r) => String(r.lab_test_id)))];
  const [chosen, setChosen] = useState<string | null>(null);
  const test = chosen && tests.includes(chosen) ? chosen : tests[tests.length - 1];
  const series = rows.filter((r) => String(r.lab_test_id) === test);
  const latest = series[series.length - 1];
  const name = (id: string) => names[id] ?? `#${id}`;
  const data = series.map((r) => ({ x: String(r.resulted_on).slice(0, 10), series: name(test), value: Number(r.value) }));
  return (
    <Card size="small" loading={query.isLoading} style={{ marginBottom: 16 }} data-testid="lab-trend">
      <Row gutter={16} align="middle">
        <Col xs={24} md={6}>
          <Select
            style={{ width: '100%' }}
            value={test}
            onChange={setChosen}
            aria-label={fieldLabel(t, def, 'lab_test_id')}
            data-testid="lab-trend-test"
            options={tests.map((id) => ({ value: id, label: name(id) }))}
          />
          {latest && (
            <div style={{ marginTop: 12 }}>
              <Statistic title={fieldLabel(t, def, 'value')} value={`${String(latest.value)} ${String(latest.unit ?? '')}`} valueStyle={{ direction: 'ltr', unicodeBidi: 'isolate' }} />
              {latest.reference && <div>{fieldLabel(t, def, 'reference')}: <Ltr>{String(latest.reference)}</Ltr></div>}
              {latest.flag && <Tag color={latest.flag === 'high' ? 'red' : 'blue'}><FieldValue field={def.fields.flag} value={latest.flag} /></Tag>}
            </div>
          )}
        </Col>
        <Col xs={24} md={18}>
          <LazyChart kind="line" data={data} height={220} />
        </Col>
      </Row>
    </Card>
  );
}

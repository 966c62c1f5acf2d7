// A patient's visits, newest first, each expandable and printable.
import { Button, Collapse, Descriptions, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { FolderOpenOutlined, PrinterOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { type BaseRecord, useList } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { fieldLabel } from '../../engine/labels';
import { formatNumber } from '../../engine/FieldValue';
import { PrescriptionPrint } from './PrescriptionPrint';
import { usePrint } from './usePrint';
import { ADVICE } from './lib/visitBody';

const def = resourceByName('visitings');
const TEXTS = ['chief_complaint', 'history_of_present_illness', 'examination_findings', 'physician_diagnosis', 'notes'] as const;

function names(v: unknown): string[] {
  return Array.isArray(v) ? v.map((i: { name?: unknown }) => String(i?.name ?? '')).filter(Boolean) : [];
}

function VisitDetails({ visit }: { visit: BaseRecord }) {
  const t = useT();
  const rx = (Array.isArray(visit.prescriptions) ? visit.prescriptions : []) as Record<string, unknown>[];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered items={TEXTS.filter((f) => visit[f]).map((f) => ({ key: f, label: fieldLabel(t, def, f), children: <span style={{ whiteSpace: 'pre-wrap' }}>{String(visit[f])}</span> }))} />
      {rx.length > 0 && (
        <Table size="small" pagination={false} rowKey={(_, i) => String(i)} dataSource={rx}>
          <Table.Column key="name" dataIndex="name" title={t('clinic.drug', 'Drug')} />
          {(['dose', 'frequency', 'duration', 'notes'] as const).map((f) => <Table.Column key={f} dataIndex={f} title={t(`clinic.rx.${f}`, f)} />)}
        </Table>
      )}
      {ADVICE.map((a) => names(visit[a.field]).length > 0 && (
        <div key={a.field}><Typography.Text strong>{fieldLabel(t, def, a.field)}: </Typography.Text>{names(visit[a.field]).map((n) => <Tag key={n}>{n}</Tag>)}</div>
      ))}
      <Typography.Text type="secondary">
        {fieldLabel(t, def, 'fee')}: {formatNumber(visit.fee ?? 0, { type: 'money' })} · {fieldLabel(t, def, 'paid_amount')}: {formatNumber(visit.paid_amount ?? 0, { type: 'money' })}
      </Typography.Text>
    </Space>
  );
}

export function VisitHistory({ patientId, patient, exclude }: { patientId: number; patient?: BaseRecord; exclude?: number }) {
  const t = useT();
  const printer = usePrint();
  const { result, query } = useList({
    resource: 'visitings',
    filters: [{ field: 'patient_id', operator: 'eq', value: patientId }],
    sorters: [{ field: 'date', order: 'desc' }],
    pagination: { pageSize: 50 },
    errorNotification: false,
  });
  if (query.isLoading) return <Skeleton active />;
  const visits = (result.data ?? []).filter((v) => v.id !== exclude);
  if (!visits.length) return <Empty description={t('clinic.noVisits', 'No visits yet')} />;
  return (
    <>
      <Collapse
        data-testid="visit-history"
        items={visits.map((v) => ({
          key: String(v.id),
          label: (
            <Space wrap>
              <span dir="ltr">{String(v.date ?? '').slice(0, 10)}</span>
              <Typography.Text strong>{String(v.physician_diagnosis ?? v.chief_complaint ?? '')}</Typography.Text>
            </Space>
          ),
          extra: (
            <Space size={4}>
            {typeof v.appointment_id === 'number' && (
              <Link to={`/visitings/${v.appointment_id}/old`} onClick={(e) => e.stopPropagation()} data-testid={`visit-open-${String(v.id)}`}>
                <Button size="small" icon={<FolderOpenOutlined />}>{t('clinic.open', 'Open')}</Button>
              </Link>
            )}
            <Button size="small" icon={<PrinterOutlined />} data-testid={`print-${String(v.id)}`} onClick={(e) => { e.stopPropagation(); printer.print(v, patient); }}>
              {t('clinic.print', 'Print')}
            </Button>
            </Space>
          ),
          children: <VisitDetails visit={v} />,
        }))}
      />
      <PrescriptionPrint model={printer.model} nonce={printer.nonce} />
    </>
  );
}

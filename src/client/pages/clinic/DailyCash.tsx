// daily-cash: the desk's cash report of a day (today unless another is chosen): payments, refunds
// and net by method and by staff member, as GET /payments/daily answers, and printable as it is.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { resourceByName } from '../../../../resources';
import { enumLabel } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { MoneyText } from '../../engine/MoneyText';
import { DateInput } from '../../engine/digitInputs';
import { useApiGet } from '../../engine/useApiGet';
import { clinicToday } from '../../engine/instant';
import { usePrintDialog } from './usePrint';
import './print.css';
import { Ltr } from '../../engine/Ltr';

const payments = resourceByName('payments');

interface Figures {
  payments: number;
  refunds: number;
  net: number;
  count: number;
}
interface Report extends BaseRecord {
  data?: { date: string; total: Figures; methods: (Figures & { method: number })[]; staff: (Figures & { user_id: number | null; name: string | null })[] };
}

// Another desk's payment shows here as it is taken.
const LIVE_ON = ['payments'] as const;

const money = (v: unknown) => <MoneyText value={v ?? 0} />;

export default function DailyCash() {
  const t = useT();
  // The clinic's day, as the server files payments: a device on another zone reads the same.
  const [day, setDay] = useState<Dayjs>(() => dayjs(clinicToday()));
  // Printed as a sheet of its own (print.css shows only .print-root on paper).
  const [printed, setPrinted] = useState(0);
  usePrintDialog(true, printed);
  const { data, isLoading } = useApiGet<Report>('/payments/daily', { date: day.format('YYYY-MM-DD') }, true, LIVE_ON);
  const report = data?.data;
  const figures = [
    { title: t('payments.payments', 'Payments'), dataIndex: 'payments', render: money, align: 'end' as const },
    { title: t('payments.refunds', 'Refunds'), dataIndex: 'refunds', render: money, align: 'end' as const },
    { title: t('payments.net', 'Net'), dataIndex: 'net', render: (v: unknown) => <Typography.Text strong>{money(v)}</Typography.Text>, align: 'end' as const },
    { title: t('payments.count', 'Receipts'), dataIndex: 'count', align: 'end' as const },
  ];
  const total = (label: string) => () =>
    report && (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0}><Typography.Text strong>{label}</Typography.Text></Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="end">{money(report.total.payments)}</Table.Summary.Cell>
        <Table.Summary.Cell index={2} align="end">{money(report.total.refunds)}</Table.Summary.Cell>
        <Table.Summary.Cell index={3} align="end"><Typography.Text strong data-testid="cash-net">{money(report.total.net)}</Typography.Text></Table.Summary.Cell>
        <Table.Summary.Cell index={4} align="end">{report.total.count}</Table.Summary.Cell>
      </Table.Summary.Row>
    );
  const title = (
    <>
      {t('payments.daily', 'Daily cash')} <Ltr>{day.format('YYYY-MM-DD')}</Ltr>
    </>
  );
  const content =
    report && report.total.count === 0 && !isLoading ? (
      <Empty description={t('payments.noneToday', 'No payments on this day')} />
    ) : (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Table
          rowKey="method"
          title={() => <Typography.Text strong>{t('payments.byMethod', 'By method')}</Typography.Text>}
          dataSource={(report?.methods ?? []).filter((m) => m.count > 0)}
          loading={isLoading}
          pagination={false}
          size="small"
          scroll={{ x: true }}
          data-testid="cash-methods"
          columns={[{ title: t('resources.payments.fields.method', 'Method'), dataIndex: 'method', render: (v: number) => enumLabel(t, payments.fields.method, v) }, ...figures]}
          summary={total(t('payments.total', 'Total'))}
        />
        <Table
          rowKey={(r) => String(r.user_id)}
          title={() => <Typography.Text strong>{t('payments.byStaff', 'By staff member')}</Typography.Text>}
          dataSource={report?.staff ?? []}
          loading={isLoading}
          pagination={false}
          size="small"
          scroll={{ x: true }}
          data-testid="cash-staff"
          columns={[{ title: t('resources.payments.fields.taken_by', 'Taken by'), dataIndex: 'name', render: (v: string | null) => v ?? '—' }, ...figures]}
        />
      </Space>
    );
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          <DateInput allowClear={false} value={day} onChange={(d) => d && setDay(d)} data-testid="cash-day" />
          <Button icon={<PrinterOutlined />} onClick={() => setPrinted((n) => n + 1)} disabled={!report} data-testid="cash-print">
            {t('payments.printReport', 'Print report')}
          </Button>
        </Space>
      }
    >
      {content}
      {printed > 0 &&
        createPortal(
          <div className="print-root" dir={document.documentElement.dir} data-testid="print-cash">
            {/* A4, the paper of the region, whatever the browser's default (US Letter in English). */}
            <style>{'@media print { @page { size: A4; margin: 12mm; } }'}</style>
            <h2 className="rx-title">{title}</h2>
            {content}
          </div>,
          document.body,
        )}
    </Card>
  );
}

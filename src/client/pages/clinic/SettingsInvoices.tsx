// settings/invoices: the clinic's subscription (plan, period, days left) and its invoices.
import { Card, Descriptions, Empty, Space, Table, Tag } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { currentLang } from '../../i18n';
import { MoneyText } from '../../engine/MoneyText';
import { PLATFORM_CURRENCY } from '../../../shared/money';
import { Ltr } from '../../engine/Ltr';
import { useApiGet } from '../../engine/useApiGet';
import { planName } from './planText';
import { InvoicePrintButton } from '../central/InvoicePrint';

interface Body extends BaseRecord {
  data?: BaseRecord[];
  subscription?: { start: string | null; end: string | null; remaining_days: number | null; plan_en?: string; plan_ar?: string; plan_ckb?: string };
}

const date = (v: unknown) => (v ? <Ltr>{String(v).slice(0, 10)}</Ltr> : '—');

export default function SettingsInvoices() {
  const t = useT();
  const { data, isLoading } = useApiGet<Body>('/settings/invoice');
  const lang = currentLang();
  const sub = data?.subscription;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('clinic.subscription', 'Subscription')} loading={isLoading} data-testid="subscription">
        {sub && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            items={[
              { key: 'plan', label: t('fields.plan_id', 'Plan'), children: planName(sub as unknown as Record<string, unknown>, lang) || '—' },
              { key: 'start', label: t('fields.starts_on', 'Starts on'), children: date(sub.start) },
              { key: 'end', label: t('fields.ends_on', 'Ends on'), children: date(sub.end) },
              { key: 'left', label: t('clinic.remainingDays', 'Days left'), children: <Tag color={Number(sub.remaining_days) <= 30 ? 'orange' : 'green'}>{String(sub.remaining_days ?? '—')}</Tag> },
            ]}
          />
        )}
      </Card>
      <Card title={t('nav.invoices', 'Invoices')}>
        <Table<BaseRecord> rowKey="id" dataSource={data?.data ?? []} loading={isLoading} pagination={{ pageSize: 20, hideOnSinglePage: true }} size="small" scroll={{ x: true }} locale={{ emptyText: <Empty description={t('common.empty', 'No data')} /> }}>
          <Table.Column<BaseRecord> key="number" title={t('fields.number', 'Number')} render={(_, r) => <Ltr>{`${String(r.year)}-${String(r.number).padStart(5, '0')}`}</Ltr>} />
          <Table.Column<BaseRecord> key="issued_on" dataIndex="issued_on" title={t('fields.issued_on', 'Issued on')} render={date} />
          <Table.Column<BaseRecord> key="plan" title={t('fields.plan_id', 'Plan')} render={(_, r) => planName(r, lang)} />
          <Table.Column<BaseRecord> key="kind" dataIndex="kind" title={t('fields.kind', 'Kind')} render={(v: unknown) => t(`clinic.invoiceKind.${String(v)}`, String(v ?? ''))} />
          <Table.Column<BaseRecord> key="amount" dataIndex="amount" title={t('fields.amount', 'Amount')} render={(v: unknown) => <MoneyText value={v ?? 0} currency={PLATFORM_CURRENCY} />} />
          <Table.Column<BaseRecord> key="due_on" dataIndex="due_on" title={t('fields.due_on', 'Due on')} render={date} />
          <Table.Column<BaseRecord> key="is_paid" dataIndex="is_paid" title={t('fields.is_paid', 'Paid')} render={(v: unknown) => (v ? <Tag color="green">{t('clinic.paid', 'Paid')}</Tag> : <Tag color="orange">{t('clinic.unpaid', 'Unpaid')}</Tag>)} />
          <Table.Column<BaseRecord> key="print" title={t('common.actions', 'Actions')} render={(_, r) => <InvoicePrintButton url={`/settings/invoice/${String(r.id)}/sheet`} />} />
        </Table>
      </Card>
    </Space>
  );
}

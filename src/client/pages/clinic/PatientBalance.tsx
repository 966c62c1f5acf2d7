// Above a patient's payments: what they were charged, paid (net of refunds) and still owe, from
// GET /patients/:id/balance; refreshed whenever a payment changes (live updates invalidate it).
import { Space, Statistic, Tag, Typography } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { MoneyText, useMoney } from '../../engine/MoneyText';
import { useApiGet } from '../../engine/useApiGet';

// A payment, a refund, a visit's fee or a booking's amount changes it.
const LIVE_ON = ['payments', 'visitings', 'appointments'] as const;

interface Balance extends BaseRecord {
  data?: { charged: number; paid: number; balance: number };
}

export function PatientBalance({ patientId }: { patientId: number }) {
  const t = useT();
  const money = useMoney();
  const { data, isError } = useApiGet<Balance>(`/patients/${patientId}/balance`, undefined, true, LIVE_ON);
  const b = data?.data;
  // During a cut: the device keeps today's payments only, too little to add up what is owed; said
  // quietly in place (no error toast), the payments below still listed from the device.
  if (!b && isError) {
    return (
      <Typography.Paragraph type="secondary" data-testid="balance-needs-server">
        {t('payments.balance', 'Balance')}: {t('offline.notAvailable')}
      </Typography.Paragraph>
    );
  }
  if (!b) return null;
  const tag =
    b.balance > 0 ? <Tag color="red" data-testid="balance-tag">{t('payments.owes', { amount: money(b.balance) })}</Tag>
    : b.balance < 0 ? <Tag color="blue" data-testid="balance-tag">{t('payments.inCredit', { amount: money(-b.balance) })}</Tag>
    : <Tag color="green" data-testid="balance-tag">{t('payments.settled', 'Nothing owed')}</Tag>;
  return (
    <Space size="large" wrap style={{ marginBottom: 16 }} data-testid="patient-balance">
      <Statistic title={t('payments.charged', 'Charged')} valueRender={() => <MoneyText value={b.charged} />} />
      <Statistic title={t('payments.paid', 'Paid')} valueRender={() => <MoneyText value={b.paid} />} />
      <Statistic title={t('payments.balance', 'Balance')} valueRender={() => tag} />
    </Space>
  );
}

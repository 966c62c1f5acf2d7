// The mark of a record the device kept during an internet cut and the server does not have yet
// (issue 37: `pending` on the row as the outbox shows it), beside its first column in lists.
import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useT } from '../i18n/useT';

/**
 * A record the server does not have yet: kept by the device with a provisional (negative) id. What
 * names it by its id on the server (edit, delete, a record action, a refund) waits until it landed.
 */
export const isProvisional = (record: Record<string, unknown>) => record.pending === true || Number(record.id) < 0;

export function WaitingMark({ record }: { record: Record<string, unknown> }) {
  const t = useT();
  if (!isProvisional(record)) return null;
  return (
    <Tag icon={<ClockCircleOutlined />} color="gold" style={{ marginInlineStart: 6 }} data-testid="waiting-mark">
      {t('offline.waitingMark')}
    </Tag>
  );
}

import { Tag } from 'antd';
import { useT } from '../../i18n/useT';
import { remainingDays, remainingTone } from './subscription';

const COLORS = { expired: 'red', soon: 'orange', ok: 'green', suspended: 'volcano', archived: 'default' } as const;

/**
 * Days left on a subscription as a tag; "Expired" once the end date has passed; a suspended or
 * archived clinic says so first (its days do not run for it).
 */
export function RemainingDays({ end, status }: { end: unknown; status?: unknown }) {
  const t = useT();
  const days = remainingDays(end);
  if (days === null) return <span>—</span>;
  const tone = remainingTone(days, status === undefined || status === null ? undefined : Number(status));
  const text = {
    expired: () => t('doctors.expired', 'Expired'),
    soon: () => t('doctors.daysLeft', { count: days }),
    ok: () => t('doctors.daysLeft', { count: days }),
    suspended: () => t('doctors.daysLeftSuspended', { count: Math.max(days, 0) }),
    archived: () => t('doctors.daysLeftArchived', 'Not running'),
  }[tone];
  return (
    <Tag color={COLORS[tone]} data-testid="remaining-days" data-tone={tone}>
      {text()}
    </Tag>
  );
}

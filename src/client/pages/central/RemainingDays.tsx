import { Tag } from 'antd';
import { useT } from '../../i18n/useT';
import { remainingDays, remainingTone } from './subscription';

const COLORS = { expired: 'red', soon: 'orange', ok: 'green' } as const;

/** Days left on a subscription as a tag; "Expired" once the end date has passed. */
export function RemainingDays({ end }: { end: unknown }) {
  const t = useT();
  const days = remainingDays(end);
  if (days === null) return <span>—</span>;
  const tone = remainingTone(days);
  return (
    <Tag color={COLORS[tone]} data-testid="remaining-days">
      {tone === 'expired' ? t('doctors.expired', 'Expired') : t('doctors.daysLeft', { count: days })}
    </Tag>
  );
}

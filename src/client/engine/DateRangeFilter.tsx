// A list's date-range filter (from, to), loaded only by a list that has one: antd's date picker is
// 32 KiB of gzipped JavaScript that the patients list, the desk's first screen, does without.
import dayjs from 'dayjs';
import { useT } from '../i18n/useT';
import { DateRangeInput } from './digitInputs';

export default function DateRangeFilter({ label, from, to, onRange, autoFocus }: { label: string; from: string | null; to: string | null; onRange: (from: string | null, to: string | null) => void; autoFocus?: boolean }) {
  const t = useT();
  return (
    <DateRangeInput
      allowEmpty={[true, true]}
      placeholder={[`${label}: ${t('lists.from', 'from')}`, t('lists.to', 'to')]}
      aria-label={label}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(days) => onRange(days?.[0]?.format('YYYY-MM-DD') ?? null, days?.[1]?.format('YYYY-MM-DD') ?? null)}
    />
  );
}

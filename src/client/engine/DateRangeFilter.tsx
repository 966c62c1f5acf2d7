// A list's date-range filter (from, to), loaded only by a list that has one: antd's date picker is
// 32 KiB of gzipped JavaScript that the patients list, the desk's first screen, does without.
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../i18n/useT';
import { usePickerClear } from './digitInputs';

export default function DateRangeFilter({ label, from, to, onRange, autoFocus }: { label: string; from: string | null; to: string | null; onRange: (from: string | null, to: string | null) => void; autoFocus?: boolean }) {
  const t = useT();
  const clear = usePickerClear();
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      allowClear={clear}
      placeholder={[`${label}: ${t('lists.from', 'from')}`, t('lists.to', 'to')]}
      aria-label={label}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(days) => onRange(days?.[0]?.format('YYYY-MM-DD') ?? null, days?.[1]?.format('YYYY-MM-DD') ?? null)}
    />
  );
}

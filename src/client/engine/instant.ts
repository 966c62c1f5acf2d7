// A stored moment (created_at, a grant's end, a sync problem's time) as the clinic reads it: in
// the platform's time zone, which the signed-in user's answer carries, not the device's (a desk PC
// or a phone set to another zone showed other hours than the clinic's). Without a signed-in user,
// the device's zone.
import { getSession } from '../providers/session';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: zone });
    } catch {
      // A zone this browser does not know: the device's rather than nothing.
      format = new Intl.DateTimeFormat('en-CA', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** `2026-11-26 14:05` in `zone` (by default the platform's); what is no moment, as it is. */
export function instantText(value: string | number | Date | null | undefined, zone: string | undefined = getSession().user?.time_zone): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = Object.fromEntries(formatIn(zone).formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** `14:05` now, in the platform's zone. */
export function clockNow(zone: string | undefined = getSession().user?.time_zone): string {
  return instantText(new Date(), zone).slice(11);
}

/** Today's date (YYYY-MM-DD) in the platform's zone: the clinic's day, whatever the device's zone. */
export function clinicToday(zone: string | undefined = getSession().user?.time_zone): string {
  return instantText(new Date(), zone).slice(0, 10);
}

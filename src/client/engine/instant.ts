// A stored moment (created_at, a grant's end, a sync problem's time) as the clinic reads it: in
// the platform's time zone, which the signed-in user's answer carries, not the device's (a desk PC
// or a phone set to another zone showed other hours than the clinic's). Signed out (the clinic's
// public pages, its online booking), the zone the public answers name (publicTimeZone); before
// any answer, the device's zone.
import { getSession } from '../providers/session';

let publicZone: string | undefined;

/** Notes the platform's zone as a public answer names it (the clinic's page, its booking offer). */
export function publicTimeZone(zone: unknown): void {
  if (typeof zone === 'string' && zone) publicZone = zone;
}

/** The platform's zone: the signed-in user's answer's, else a public answer's, else undefined (the device's). */
export function platformZone(): string | undefined {
  return getSession().user?.time_zone ?? publicZone;
}

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
export function instantText(value: string | number | Date | null | undefined, zone: string | undefined = platformZone()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = Object.fromEntries(formatIn(zone).formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** `14:05` now, in the platform's zone. */
export function clockNow(zone: string | undefined = platformZone()): string {
  return instantText(new Date(), zone).slice(11);
}

/** Today's date (YYYY-MM-DD) in the platform's zone: the clinic's day, whatever the device's zone. */
export function clinicToday(zone: string | undefined = platformZone()): string {
  return instantText(new Date(), zone).slice(0, 10);
}

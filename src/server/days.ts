// The platform's calendar day. Clinics work in one region, so "today" is the date in one time zone
// (TIME_ZONE, default Asia/Baghdad), not the server's: a server on UTC would otherwise start an
// Erbil clinic's day at three in the morning, filing a visit or a payment under yesterday.
import dayjs, { type Dayjs } from 'dayjs';
import { loadConfig } from './config';

/** The clinics' time zone (TIME_ZONE): SQL that buckets moments by day or month takes it (`at time zone`). */
export const PLATFORM_TIME_ZONE = loadConfig().timeZone;

// Built once: an unknown zone fails at start, not on the first request.
const format = new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The date (YYYY-MM-DD) it is at `now` in the clinics' time zone. */
export function dayOf(now: Date): string {
  return format.format(now);
}

/** That date as a dayjs (midnight), for day arithmetic. */
export function localDay(now: Date): Dayjs {
  return dayjs(dayOf(now));
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The time of day (HH:mm) it is at `now` in the clinics' time zone. */
export function timeOfDay(now: Date): string {
  return clock.format(now);
}

/** An instant as the clinics read it: `YYYY-MM-DD HH:mm` in their time zone (an export, a notice). */
export function localDateTime(at: Date): string {
  return `${dayOf(at)} ${timeOfDay(at)}`;
}

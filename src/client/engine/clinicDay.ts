// The clinic's calendar day and wall clock as dayjs values, for screens that count in days (today's
// bookings, a date field's "today", an age, what is overdue). Clinics work in the platform's time
// zone, which the signed-in user's answer carries; a device set to another zone (a laptop left on
// UTC, a phone abroad) would otherwise start the clinic's day at its own midnight: after 21:00 UTC
// the calendar, the day sheet and a new booking's date showed yesterday.
//
// The dayjs values here are "wall clock" values: their own (device) fields read the clinic's date
// and time, as the rest of the client reads a stored date ('2026-11-28' is parsed as a local
// midnight). Instants (created_at, "x minutes ago", idle timers) stay with the device's clock.
import dayjs, { type Dayjs, type PluginFunc } from 'dayjs';
import { clinicToday, instantText } from './instant';

/** The clinic's date and time now (or at `at`) as a wall-clock dayjs: `.format('YYYY-MM-DD')` is the clinic's day. */
export function clinicNow(at: Date = new Date(), zone?: string): Dayjs {
  // instantText reads to the minute; seconds are the same in every zone in use.
  const minute = zone === undefined ? instantText(at) : instantText(at, zone);
  return dayjs(minute).second(at.getSeconds()).millisecond(at.getMilliseconds());
}

/** The clinic's today at midnight, as a wall-clock dayjs (for day arithmetic and pickers). */
export function clinicDay(zone?: string): Dayjs {
  return dayjs(zone === undefined ? clinicToday() : clinicToday(zone));
}

/** Whether a picked day (read by its own fields) comes after the clinic's today: a birth date cannot. */
export function afterClinicToday(day: Dayjs): boolean {
  return day.format('YYYY-MM-DD') > clinicToday();
}

/** Whether a picked day comes before the clinic's today: a booking is not moved into the past. */
export function beforeClinicToday(day: Dayjs): boolean {
  return day.format('YYYY-MM-DD') < clinicToday();
}

/** Whether a clinic date and time (`2026-11-28`, `09:30`) has already gone by on the clinic's clock. */
export function beforeClinicNow(date: string, time: string, zone?: string): boolean {
  const now = zone === undefined ? instantText(new Date()) : instantText(new Date(), zone);
  return `${date} ${time.slice(0, 5)}` < now;
}

/** The instant a wall-clock dayjs names in the clinic's zone (a datetime field's picked value). */
export function fromClinicWallClock(wall: Dayjs, zone?: string): Date {
  const asUtc = Date.UTC(wall.year(), wall.month(), wall.date(), wall.hour(), wall.minute(), wall.second(), wall.millisecond());
  // The zone's offset at the guess, then once more at the result (a summer-time edge in between).
  let t = asUtc - zoneOffset(asUtc, zone);
  t = asUtc - zoneOffset(t, zone);
  return new Date(t);
}

/** Milliseconds the clinic's zone is ahead of UTC at instant `t`. */
function zoneOffset(t: number, zone?: string): number {
  const wall = clinicNow(new Date(t), zone);
  return Date.UTC(wall.year(), wall.month(), wall.date(), wall.hour(), wall.minute(), wall.second(), wall.millisecond()) - t;
}

/**
 * antd's pickers (rc-picker's dayjs config) take their "now" as `dayjs().tz()` when dayjs has a
 * `tz` method (antd discussion 50934): this gives them the clinic's wall clock, so the picker's
 * today mark, its Today button and the month it opens on are the clinic's, on any device. Extended
 * once by the engine's pickers (digitInputs.tsx), so every date field gets it, configured ones too.
 */
export const clinicPickerNow: PluginFunc = (_option, dayjsClass) => {
  (dayjsClass.prototype as { tz?: () => Dayjs }).tz = function tz(this: Dayjs): Dayjs {
    return clinicNow(this.toDate());
  };
};

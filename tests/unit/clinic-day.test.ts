// The client's "today" is the clinic's day (the platform's zone, Asia/Baghdad), whatever the device's
// zone: here a device in New York, at moments either side of Baghdad's midnight (21:00 UTC).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import dayjsGenerateConfig from 'rc-picker/lib/generate/dayjs';
import { afterClinicToday, beforeClinicNow, beforeClinicToday, clinicDay, clinicNow, clinicPickerNow, fromClinicWallClock } from '../../src/client/engine/clinicDay';
import { clearSession, setSession } from '../../src/client/providers/session';
import { ageFromDob } from '../../src/client/pages/clinic/lib/age';
import { appointmentsView } from '../../src/client/pages/clinic/lib/appointmentsView';
import { remainingDays } from '../../src/client/pages/central/subscription';

const deviceZone = process.env.TZ;
beforeAll(() => {
  // Node reads TZ again when it changes: the device is not in the clinic's zone.
  process.env.TZ = 'America/New_York';
  setSession({ token: 't', role: 1, user: { id: 1, name: 'D', username: 'doctor', role: 1, permissions: [], time_zone: 'Asia/Baghdad' } });
});
afterAll(() => {
  clearSession();
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});
afterEach(() => vi.useRealTimers());
const at = (iso: string) => vi.useFakeTimers({ now: new Date(iso) });

// 21:30 UTC: 00:30 on the 28th in Baghdad, 16:30 on the 27th in New York. 20:59 UTC: still the 27th.
const LATE = '2026-11-27T21:30:00Z';
const EARLY = '2026-11-27T20:59:00Z';

describe("the clinic's day and clock on a device elsewhere", () => {
  it.each([
    [LATE, '2026-11-28 00:30', '2026-11-28'],
    [EARLY, '2026-11-27 23:59', '2026-11-27'],
    ['2026-11-28T00:00:00Z', '2026-11-28 03:00', '2026-11-28'],
    ['2026-12-31T21:00:00Z', '2027-01-01 00:00', '2027-01-01'],
  ] as const)('at %s the clinic reads %s (day %s)', (now, clock, day) => {
    at(now);
    expect(clinicNow().format('YYYY-MM-DD HH:mm')).toBe(clock);
    expect(clinicDay().format('YYYY-MM-DD')).toBe(day);
  });

  it.each([
    // [now, picked day, after today (no birth date then), before today (no booking moved there)]
    [LATE, '2026-11-28', false, false],
    [LATE, '2026-11-27', false, true],
    [LATE, '2026-11-29', true, false],
    [EARLY, '2026-11-28', true, false],
    [EARLY, '2026-11-27', false, false],
  ] as const)('at %s the day %s: after %s, before %s', (now, day, after, before) => {
    at(now);
    expect(afterClinicToday(dayjs(day))).toBe(after);
    expect(beforeClinicToday(dayjs(day))).toBe(before);
  });

  it.each([
    [LATE, '2026-11-28', '00:10', true],
    [LATE, '2026-11-28', '00:45', false],
    [LATE, '2026-11-27', '23:00', true],
    [EARLY, '2026-11-27', '23:58', true],
    [EARLY, '2026-11-28', '00:10', false],
    [EARLY, '2026-11-27', '23:59:30', false],
  ] as const)('at %s a booking on %s at %s has gone by: %s', (now, date, time, gone) => {
    at(now);
    expect(beforeClinicNow(date, time)).toBe(gone);
  });
});

describe("a datetime field's wall clock and the instant it names", () => {
  it.each([
    ['2026-11-28 00:30', 'Asia/Baghdad', '2026-11-27T21:30:00.000Z'],
    ['2026-11-27 12:00:15', 'Asia/Baghdad', '2026-11-27T09:00:15.000Z'],
    // Summer time starts in Berlin on 2026-03-29 at 02:00: noon that day is UTC+2.
    ['2026-03-29 12:00', 'Europe/Berlin', '2026-03-29T10:00:00.000Z'],
    ['2026-03-28 12:00', 'Europe/Berlin', '2026-03-28T11:00:00.000Z'],
  ] as const)('%s in %s is %s, and reads back the same', (wall, zone, iso) => {
    expect(fromClinicWallClock(dayjs(wall), zone).toISOString()).toBe(iso);
    expect(clinicNow(new Date(iso), zone).format('YYYY-MM-DD HH:mm:ss')).toBe(dayjs(wall).format('YYYY-MM-DD HH:mm:ss'));
  });
});

describe("what counts from today uses the clinic's", () => {
  it.each([
    [LATE, '2026-11-28'],
    [EARLY, '2026-11-27'],
  ] as const)("antd's pickers take %s's today as %s (their today mark, Today button, opening month)", (now, day) => {
    at(now);
    dayjs.extend(clinicPickerNow);
    expect(dayjsGenerateConfig.getNow().format('YYYY-MM-DD')).toBe(day);
  });

  it.each([
    // [now, birth date, whole years, months]
    [LATE, '2024-11-28', 2, 0],
    [EARLY, '2024-11-28', 1, 11],
  ] as const)('at %s a child born %s is %i years %i months old', (now, dob, years, months) => {
    at(now);
    expect(ageFromDob(dob)).toEqual({ years, months });
  });

  it.each([
    [LATE, '2026-11-28'],
    [EARLY, '2026-11-27'],
  ] as const)('at %s the appointments open on %s', (now, day) => {
    at(now);
    expect(appointmentsView(new URLSearchParams('view=day')).date?.format('YYYY-MM-DD')).toBe(day);
  });

  it.each([
    [LATE, '2026-11-28', 0],
    [EARLY, '2026-11-28', 1],
  ] as const)('at %s a subscription ending %s has %i days left', (now, end, days) => {
    at(now);
    expect(remainingDays(end)).toBe(days);
  });
});

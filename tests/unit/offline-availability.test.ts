// The free slots a device makes during a cut (src/client/offline/availability.ts) from rows as it
// keeps them (times with seconds, every status, ids as the feed sends them) are the server's rule
// (shared/slots.ts) over what the server's query selects from the same rows (GET
// /appointments/availability: times HH:MM, bookings that hold a slot).
import { describe, expect, it } from 'vitest';
import { type AvailabilityQuery, type KeptSchedule, availabilityFromKept } from '../../src/client/offline/availability';
import { type Booking, type ClosedDay, type WeeklyHours, availabilityDays } from '../../src/shared/slots';

const MON = '2031-03-03';
const TUE = '2031-03-04';
const WED = '2031-03-05';

// As the device keeps them (the working set's fields, /sync/rows).
const kept: KeptSchedule = {
  doctors: [{ id: 4 }, { id: 9 }],
  workingHours: [
    { id: 1, version: 1, doctor_id: 4, weekday: 1, start_time: '09:00:00', end_time: '10:00:00' },
    { id: 2, version: 1, doctor_id: 4, weekday: 1, start_time: '09:30:00', end_time: '11:00:00' },
    { id: 3, version: 1, doctor_id: 9, weekday: 1, start_time: '14:00:00', end_time: '15:00:00' },
    { id: 4, version: 1, doctor_id: 4, weekday: 2, start_time: '08:00:00', end_time: '09:00:00' },
    { id: 5, version: 1, doctor_id: 9, weekday: 2, start_time: '08:00:00', end_time: '09:00:00' },
    { id: 6, version: 1, doctor_id: 4, weekday: 3, start_time: '08:00:00', end_time: '09:00:00' },
  ],
  closedDays: [
    { id: 1, date: WED, doctor_id: null, reason: 'Newroz' },
    { id: 2, date: TUE, doctor_id: 9, reason: 'Conference' },
  ],
  appointments: [
    { id: 11, doctor_id: 4, patient_id: 1, date: MON, time: '09:15:00', duration_minutes: 30, status: 0 },
    { id: 12, doctor_id: 4, patient_id: 2, date: MON, time: '10:00:00', duration_minutes: 15, status: 7 },
    { id: 13, doctor_id: 4, patient_id: 3, date: MON, time: '10:30:00', duration_minutes: 15, status: 2 },
    { id: 14, doctor_id: 9, patient_id: 4, date: MON, time: '14:00:00', duration_minutes: 20, status: 1 },
    { id: 15, doctor_id: 4, patient_id: 5, date: TUE, time: '08:45:00', duration_minutes: 15, status: 3 },
    { id: 16, doctor_id: null, patient_id: 6, date: MON, time: '09:00:00', duration_minutes: 60, status: 0 },
  ],
  keptDays: { from: '2031-02-24', to: '2031-04-02' },
};

// What the server's query selects from the same rows.
const weekly: WeeklyHours[] = [
  { doctor_id: 4, weekday: 1, start_time: '09:00', end_time: '10:00' },
  { doctor_id: 4, weekday: 1, start_time: '09:30', end_time: '11:00' },
  { doctor_id: 9, weekday: 1, start_time: '14:00', end_time: '15:00' },
  { doctor_id: 4, weekday: 2, start_time: '08:00', end_time: '09:00' },
  { doctor_id: 9, weekday: 2, start_time: '08:00', end_time: '09:00' },
  { doctor_id: 4, weekday: 3, start_time: '08:00', end_time: '09:00' },
];
const closed: ClosedDay[] = [
  { date: WED, doctor_id: null, reason: 'Newroz' },
  { date: TUE, doctor_id: 9, reason: 'Conference' },
];
const bookings: Booking[] = [
  { doctor_id: 4, date: MON, time: '09:15', duration_minutes: 30 },
  { doctor_id: 9, date: MON, time: '14:00', duration_minutes: 20 },
  { doctor_id: 4, date: TUE, time: '08:45', duration_minutes: 15 },
  { doctor_id: null, date: MON, time: '09:00', duration_minutes: 60 },
];
const early = { date: '2031-01-01', time: '00:00' };

describe('free slots during a cut', () => {
  it.each<[string, AvailabilityQuery, { date: string; time: string }, number[], number, Record<string, string[]>]>([
    ['one doctor, one day', { from: MON, doctor_id: 4 }, early, [4], 15, { [`${MON}:4`]: ['09:00', '09:45', '10:00', '10:15', '10:30', '10:45'] }],
    ['every doctor, the query as the screens send it (numbers)', { from: MON, to: MON }, early, [4, 9], 15, { [`${MON}:4`]: ['09:00', '09:45', '10:00', '10:15', '10:30', '10:45'], [`${MON}:9`]: ['14:30', '14:45'] }],
    ["today's past slots left out", { from: MON, doctor_id: '4' }, { date: MON, time: '10:05' }, [4], 15, { [`${MON}:4`]: ['10:15', '10:30', '10:45'] }],
    ['30-minute slots', { from: MON, doctor_id: 9, slot: '30' }, early, [9], 30, { [`${MON}:9`]: ['14:30'] }],
    ["a doctor's closed day, another doctor working", { from: TUE }, early, [4, 9], 15, { [`${TUE}:4`]: ['08:00', '08:15', '08:30'], [`${TUE}:9`]: [] }],
    ['a range across the clinic closed', { from: MON, to: WED, doctor_id: 4 }, early, [4], 15, { [`${MON}:4`]: ['09:00', '09:45', '10:00', '10:15', '10:30', '10:45'], [`${TUE}:4`]: ['08:00', '08:15', '08:30'], [`${WED}:4`]: [] }],
  ])('%s', (_name, query, now, doctors, slot, free) => {
    const answer = availabilityFromKept(query, kept, now);
    const rule = availabilityDays(query.from, query.to ?? query.from, doctors, { weekly, closed, bookings, slot, now });
    expect(answer).toEqual({ data: { slot, days: rule } });
    expect(Object.fromEntries(answer.data.days.flatMap((d) => d.doctors.map((x) => [`${d.date}:${x.doctor_id}`, x.free])))).toEqual(free);
  });

  it('says why a closed day is closed', () => {
    const [tue, wed] = availabilityFromKept({ from: TUE, to: WED }, kept, early).data.days;
    expect(tue.doctors.find((d) => d.doctor_id === 9)).toMatchObject({ closed: true, reason: 'Conference' });
    expect(wed.doctors.every((d) => d.closed && d.reason === 'Newroz')).toBe(true);
  });

  it('offers nothing on a day whose bookings the device does not keep, its hours still shown', () => {
    const later = '2031-04-07';
    const [day] = availabilityFromKept({ from: later, doctor_id: 4 }, kept, early).data.days;
    expect(day.doctors[0]).toMatchObject({ closed: false, hours: [{ start: '09:00', end: '11:00' }], free: [] });
    // The rule alone would offer the whole morning: unknown bookings may hold some of it.
    expect(availabilityDays(later, later, [4], { weekly, closed, bookings, slot: 15, now: early })[0].doctors[0].free).toHaveLength(8);
  });
});

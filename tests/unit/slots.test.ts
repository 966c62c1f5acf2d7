// A doctor's day as the calendar and the booking form see it (src/shared/slots.ts).
import { describe, expect, it } from 'vitest';
import { type Booking, type ClosedDay, type WeeklyHours, doctorDay } from '../../src/shared/slots';

const MONDAY = '2031-06-02';
const hours = (weekday: number, start_time: string, end_time: string, doctor_id = 1): WeeklyHours => ({ doctor_id, weekday, start_time, end_time });
const early = { date: '2000-01-01', time: '00:00' };

describe('a doctor day', () => {
  it.each<[string, WeeklyHours[], Booking[], ClosedDay[], { date: string; time: string }, { hours: unknown; free: string[]; closed?: boolean }]>([
    ['one stretch, nothing booked', [hours(1, '09:00', '10:00')], [], [], early, { hours: [{ start: '09:00', end: '10:00' }], free: ['09:00', '09:15', '09:30', '09:45'] }],
    ['overlapping and touching stretches are one', [hours(1, '09:30', '10:00'), hours(1, '09:00', '09:45'), hours(1, '10:00', '10:15')], [], [], early, { hours: [{ start: '09:00', end: '10:15' }], free: ['09:00', '09:15', '09:30', '09:45', '10:00'] }],
    ['two parts with a break', [hours(1, '09:00', '09:30'), hours(1, '16:00', '16:30')], [], [], early, { hours: [{ start: '09:00', end: '09:30' }, { start: '16:00', end: '16:30' }], free: ['09:00', '09:15', '16:00', '16:15'] }],
    ['a 20-minute booking holds the two slots it touches', [hours(1, '09:00', '10:00')], [{ doctor_id: 1, date: MONDAY, time: '09:10', duration_minutes: 20 }], [], early, { hours: [{ start: '09:00', end: '10:00' }], free: ['09:30', '09:45'] }],
    ["another doctor's booking holds nothing", [hours(1, '09:00', '09:30')], [{ doctor_id: 2, date: MONDAY, time: '09:00', duration_minutes: 30 }], [], early, { hours: [{ start: '09:00', end: '09:30' }], free: ['09:00', '09:15'] }],
    ["today's past slots are not offered", [hours(1, '09:00', '10:00')], [], [], { date: MONDAY, time: '09:20' }, { hours: [{ start: '09:00', end: '10:00' }], free: ['09:30', '09:45'] }],
    ['another weekday: a day off', [hours(2, '09:00', '10:00')], [], [], early, { hours: [], free: [] }],
    ['no hours at all: unknown, nothing offered', [hours(1, '09:00', '10:00', 2)], [], [], early, { hours: null, free: [] }],
    ['the clinic closed', [hours(1, '09:00', '10:00')], [], [{ date: MONDAY, doctor_id: null, reason: 'Newroz' }], early, { closed: true, hours: [], free: [] }],
    ["another doctor's closed day changes nothing", [hours(1, '09:00', '09:30')], [], [{ date: MONDAY, doctor_id: 2, reason: null }], early, { closed: false, hours: [{ start: '09:00', end: '09:30' }], free: ['09:00', '09:15'] }],
  ])('%s', (_name, weekly, bookings, closed, now, expected) => {
    expect(doctorDay(1, MONDAY, { weekly, bookings, closed, slot: 15, now })).toMatchObject(expected);
  });
});

// A doctor's day as the calendar and the booking form see it: the hours they receive patients
// (their weekly hours, nothing on a closed day) and the free slots left between
// the bookings holding time. One computation for the API (GET /appointments/availability), the
// device during an internet cut (src/client/offline/availability.ts) and their tests; the
// calendar shades what lies outside `hours`.
import { shiftDay } from './workingSet';

/** Statuses that no longer hold a slot: postponed, referred elsewhere, cancelled. */
export const SLOT_FREEING_STATUSES: readonly number[] = [2, 5, 7];

/**
 * What the new booking of a postponed one keeps of it (not its payment: that stays with the visit
 * it paid for): the server's postpone route, and the device postponing during a cut.
 */
export const POSTPONE_CARRIED = ['patient_id', 'doctor_id', 'duration_minutes', 'origin', 'type', 'amount'] as const;

export interface WeeklyHours {
  doctor_id: number;
  weekday: number;
  start_time: string;
  end_time: string;
}
export interface ClosedDay {
  date: string;
  /** null: the whole clinic. */
  doctor_id: number | null;
  reason: string | null;
}
export interface Booking {
  doctor_id: number | null;
  date: string;
  time: string;
  duration_minutes: number;
}
export interface Span {
  start: string;
  end: string;
}
export interface DoctorDay {
  doctor_id: number;
  /** Closed that day (a closed day of the clinic or of the doctor), with its reason. */
  closed: boolean;
  reason: string | null;
  /** When they receive patients; null: the doctor has no hours set at all (every hour is open). */
  hours: Span[] | null;
  /** Start times of free slots of `slot` minutes, within `hours`, not yet past. */
  free: string[];
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The stretches of one day, sorted, overlapping or touching ones joined. */
function joined(rows: readonly WeeklyHours[]): Span[] {
  const spans: Span[] = [];
  for (const row of [...rows].sort((a, b) => a.start_time.localeCompare(b.start_time))) {
    const start = row.start_time.slice(0, 5);
    const end = row.end_time.slice(0, 5);
    const last = spans[spans.length - 1];
    if (last && start <= last.end) last.end = end > last.end ? end : last.end;
    else spans.push({ start, end });
  }
  return spans;
}

export interface DayInput {
  weekly: readonly WeeklyHours[];
  closed: readonly ClosedDay[];
  bookings: readonly Booking[];
  slot: number;
  now: { date: string; time: string };
}

/**
 * One doctor's day. `now`: the clinic's date and time of day, so today's past slots are not offered.
 */
export function doctorDay(
  doctorId: number,
  date: string,
  input: DayInput,
): DoctorDay {
  const own = input.weekly.filter((w) => w.doctor_id === doctorId);
  const closedBy = input.closed.find((c) => c.date === date && (c.doctor_id === null || c.doctor_id === doctorId));
  if (closedBy) return { doctor_id: doctorId, closed: true, reason: closedBy.reason, hours: [], free: [] };
  if (!own.length) return { doctor_id: doctorId, closed: false, reason: null, hours: null, free: [] };
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const hours = joined(own.filter((w) => w.weekday === weekday));
  const busy = input.bookings
    .filter((b) => b.doctor_id === doctorId && b.date === date)
    .map((b) => ({ start: minutesOf(b.time), end: minutesOf(b.time) + b.duration_minutes }));
  const past = date < input.now.date ? Infinity : date === input.now.date ? minutesOf(input.now.time) : -Infinity;
  const free: string[] = [];
  for (const span of hours) {
    for (let t = minutesOf(span.start); t + input.slot <= minutesOf(span.end); t += input.slot) {
      if (t < past) continue;
      if (busy.some((b) => b.start < t + input.slot && t < b.end)) continue;
      free.push(timeOf(t));
    }
  }
  return { doctor_id: doctorId, closed: false, reason: null, hours, free };
}

/** Each day from `from` to `to` (YYYY-MM-DD, inclusive), the doctors' days in the order given. */
export function availabilityDays(from: string, to: string, doctors: readonly number[], input: DayInput): { date: string; doctors: DoctorDay[] }[] {
  const days: { date: string; doctors: DoctorDay[] }[] = [];
  for (let date = from; date <= to; date = shiftDay(date, 1)) days.push({ date, doctors: doctors.map((id) => doctorDay(id, date, input)) });
  return days;
}

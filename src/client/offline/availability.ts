// The calendar's and the booking form's free slots during a cut (issue 36): the answer of GET
// /appointments/availability made on the device from the kept working hours, closed days,
// bookings and doctors, by the server's own rule (shared/slots.ts availabilityDays). Pure: the
// rows come from reader.ts, so the unit test gives rows as the device keeps them.
import { type Booking, type ClosedDay, type DoctorDay, SLOT_FREEING_STATUSES, type WeeklyHours, availabilityDays } from '../../shared/slots';

type Row = Record<string, unknown>;

export interface AvailabilityQuery {
  from: string;
  /** Default: `from`. */
  to?: string;
  doctor_id?: number | string;
  /** Minutes; default 15, as the server's. */
  slot?: number | string;
}

export interface KeptSchedule {
  /** The clinic's active doctors in the server's order (the kept /dashboard/doctors answer). */
  doctors: readonly { id: number }[];
  workingHours: readonly Row[];
  closedDays: readonly Row[];
  appointments: readonly Row[];
  /** The days whose bookings the device keeps (the working set's window). */
  keptDays: { from: string; to: string };
}

export interface AvailabilityAnswer {
  data: { slot: number; days: { date: string; doctors: DoctorDay[] }[] };
}

const day = (v: unknown) => String(v ?? '').slice(0, 10);
const clock = (v: unknown) => String(v ?? '').slice(0, 5);
const idOf = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

export function availabilityFromKept(query: AvailabilityQuery, kept: KeptSchedule, now: { date: string; time: string }): AvailabilityAnswer {
  const from = query.from;
  const to = query.to || from;
  const slot = query.slot === undefined || query.slot === '' ? 15 : Number(query.slot);
  const only = idOf(query.doctor_id);
  const doctors = kept.doctors.map((d) => Number(d.id)).filter((id) => only === null || id === only);
  const weekly: WeeklyHours[] = kept.workingHours.map((r) => ({ doctor_id: Number(r.doctor_id), weekday: Number(r.weekday), start_time: clock(r.start_time), end_time: clock(r.end_time) }));
  const closed: ClosedDay[] = kept.closedDays.map((r) => ({ date: day(r.date), doctor_id: idOf(r.doctor_id), reason: typeof r.reason === 'string' ? r.reason : null }));
  const bookings: Booking[] = kept.appointments
    .filter((r) => !SLOT_FREEING_STATUSES.includes(Number(r.status)))
    .map((r) => ({ doctor_id: idOf(r.doctor_id), date: day(r.date), time: clock(r.time), duration_minutes: Number(r.duration_minutes) }));
  const days = availabilityDays(from, to, doctors, { weekly, closed, bookings, slot, now });
  // A day whose bookings the device does not keep offers no slot: it could be taken already.
  for (const d of days) if (d.date < kept.keptDays.from || d.date > kept.keptDays.to) for (const doc of d.doctors) doc.free = [];
  return { data: { slot, days } };
}

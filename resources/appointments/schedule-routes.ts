// The calendar's calls beside the engine's appointment routes:
// - GET /appointments/availability: each doctor's hours and free slots over a few days, for the
//   calendar (shading, click-to-book) and the booking form's slot choices. Read by whoever may
//   read appointments; it names no patient.
// - POST /appointments/:id/postpone { date, time, client_ref? }: the booking is marked Postponed and a new one
//   made at the new slot, in one transaction (both audited, the new one under the overlap rule):
//   a refused slot leaves the booking as it was. Only a booking still to come (active or late) is
//   postponed; any other answers 409, but the same postpone sent again from a device's outbox.
import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { resourceByName } from '..';
import { TENANT_ROLE } from '../../src/shared/roles';
import { type Booking, type ClosedDay, POSTPONE_CARRIED, SLOT_FREEING_STATUSES, type WeeklyHours, availabilityDays } from '../../src/shared/slots';
import { ApiError, badQuery } from '../../src/server/http/errors';
import { Diverted } from '../../src/server/engine/hooks';
import { recordSchema } from '../../src/server/engine/schema';
import { anyObject, arr, dataAnswer, int, obj, str } from '../../src/server/http/answers';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { CLIENT_REF_FIELD } from '../../src/shared/resource';
import { dayOf, timeOfDay } from '../../src/server/days';

const APPOINTMENTS = resourceByName('appointments');
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (dayjs alone would roll 2031-13-01 over into 2032). */
const isDay = (text: string) => DAY.test(text) && dayjs(text).format('YYYY-MM-DD') === text;
/** The longest range one request may ask (six weeks: a month view and its edges). */
const MAX_DAYS = 42;

interface Query {
  from?: string;
  to?: string;
  doctor_id?: string;
  slot?: string;
}

function readQuery(query: Query): { from: string; to: string; doctorId: number | null; slot: number } {
  const from = query.from ?? '';
  const to = query.to ?? from;
  if (!isDay(from)) throw badQuery({ from: [{ key: 'validation.date' }] });
  if (!isDay(to) || to < from) throw badQuery({ to: [{ key: 'validation.date' }] });
  if (dayjs(to).diff(from, 'day') >= MAX_DAYS) throw badQuery({ to: [{ key: 'validation.range', vars: { min: 1, max: MAX_DAYS } }] });
  const doctorId = query.doctor_id === undefined || query.doctor_id === '' ? null : Number(query.doctor_id);
  if (doctorId !== null && !(Number.isSafeInteger(doctorId) && doctorId > 0)) throw badQuery({ doctor_id: [{ key: 'validation.integer' }] });
  const slot = query.slot === undefined ? 15 : Number(query.slot);
  if (!Number.isInteger(slot) || slot < 5 || slot > 240) throw badQuery({ slot: [{ key: 'validation.range', vars: { min: 5, max: 240 } }] });
  return { from, to, doctorId, slot };
}

/** What may be postponed: a booking still to come (the queue's moves, src/client/pages/clinic/lib/queue.ts). */
const POSTPONABLE: readonly number[] = [APPOINTMENT_STATUS.active, APPOINTMENT_STATUS.late];

// client_ref: the device's reference for the new booking (src/client/offline/actions.ts). A
// postpone whose answer was lost and that the device then kept as its two plain writes during the
// cut sends the new booking's create with the same reference: it finds this booking, not a second.
const postponeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'time'],
  properties: {
    date: { type: 'string', format: 'date' },
    time: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
    client_ref: { type: 'string', maxLength: CLIENT_REF_FIELD.maxLength, pattern: CLIENT_REF_FIELD.pattern },
  },
};
const availabilityQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: 'string', description: 'First day, YYYY-MM-DD' },
    to: { type: 'string', description: `Last day (default: from), at most ${MAX_DAYS} days after it` },
    doctor_id: { type: 'string', description: 'One doctor only' },
    slot: { type: 'string', description: 'Slot length in minutes, 5 to 240 (default 15)' },
  },
};
const availabilityAnswer = dataAnswer(obj({ slot: int, days: arr(obj({ date: str, doctors: arr(anyObject) })) }));

export function registerScheduleRoutes(app: FastifyInstance): void {
  app.post(
    '/appointments/:id/postpone',
    {
      config: { scope: 'tenant', access: { resource: APPOINTMENTS, action: 'update' }, record: { resource: APPOINTMENTS, action: 'update' } },
      schema: { tags: ['appointments'], summary: 'Postpone a booking to a new slot: it becomes Postponed, a new booking holds the slot', body: postponeBody, response: { 201: dataAnswer(recordSchema(APPOINTMENTS)) } },
    },
    async (request, reply) => {
    const body = request.body as { date: string; time: string; client_ref?: string };
    const id = Number((request.params as { id: string }).id);
    const made = await request.data.transaction(async (trx, data) => {
      // Only a booking still to come is postponed (as the queue offers it). One postponed already
      // by this same postpone, kept on a device and sent from its outbox, answers the booking that
      // made (same client reference); any other try is refused, so a perhaps-done postpone tried
      // again with another slot cannot make a second booking.
      const tenantId = request.tenant!.id;
      const now = await sql<{ status: number; patient_id: number }>`select status, patient_id from appointments where tenant_id = ${tenantId} and id = ${id} for update`.execute(trx);
      const status = Number(now.rows[0]?.status);
      if (!POSTPONABLE.includes(status)) {
        const ref = body.client_ref?.toLowerCase();
        // The booking that reference made for this patient, never another's.
        const before = status === APPOINTMENT_STATUS.postponed && ref ? (await sql<{ id: number }>`select id from appointments where tenant_id = ${tenantId} and client_ref = ${ref} and patient_id = ${now.rows[0].patient_id}`.execute(trx)).rows[0] : undefined;
        if (before) return data.get(APPOINTMENTS, Number(before.id));
        throw new ApiError(409, 'errors.notPostponable');
      }
      const old = await data.update(APPOINTMENTS, id, { status: APPOINTMENT_STATUS.postponed });
      if (old instanceof Diverted) throw new Error('appointments are never diverted');
      const carried = Object.fromEntries(POSTPONE_CARRIED.map((k) => [k, old[k]]));
      return data.create(APPOINTMENTS, { ...carried, date: body.date, time: body.time, status: APPOINTMENT_STATUS.active, ...(body.client_ref && { client_ref: body.client_ref }) });
    });
    if (made instanceof Diverted) throw new Error('appointments are never diverted');
    return reply.code(201).send({ data: made });
    },
  );

  // Reaches the database only through request.data's transaction (the kept session confirmed in its BEGIN).
  app.get('/appointments/availability', { config: { scope: 'tenant', confirmsInTransaction: true, access: { resource: APPOINTMENTS, action: 'read' } }, schema: { tags: ['appointments'], summary: "Doctors' working hours and free slots, day by day (from, to, doctor_id, slot minutes)", querystring: availabilityQuery, response: { 200: availabilityAnswer } } }, async (request) => {
    const { from, to, doctorId, slot } = readQuery(request.query as Query);
    const tenantId = request.tenant!.id;
    const now = request.data.now();
    const { doctors, weekly, closed, bookings } = await request.data.transaction(async (trx) => {
      const doctorRows = await sql<{ id: number }>`
        select id from tenant_users where tenant_id = ${tenantId} and role in (${TENANT_ROLE.mainDoctor}, ${TENANT_ROLE.doctor}) and is_active
          ${doctorId === null ? sql`` : sql`and id = ${doctorId}`} order by role, name`.execute(trx);
      const ids = doctorRows.rows.map((r) => Number(r.id));
      if (!ids.length) return { doctors: ids, weekly: [], closed: [], bookings: [] };
      const [weeklyRows, closedRows, bookingRows] = await Promise.all([
        sql<WeeklyHours>`select doctor_id::int, weekday, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time
                         from working_hours where tenant_id = ${tenantId} and doctor_id in (${sql.join(ids)})`.execute(trx),
        sql<ClosedDay>`select to_char(date, 'YYYY-MM-DD') as date, doctor_id::int, reason from closed_days
                       where tenant_id = ${tenantId} and date between ${from} and ${to}`.execute(trx),
        sql<Booking>`select doctor_id::int, to_char(date, 'YYYY-MM-DD') as date, to_char(time, 'HH24:MI') as time, duration_minutes from appointments
                     where tenant_id = ${tenantId} and date between ${from} and ${to} and doctor_id in (${sql.join(ids)})
                       and status not in (${sql.join(SLOT_FREEING_STATUSES)})`.execute(trx),
      ]);
      return { doctors: ids, weekly: weeklyRows.rows, closed: closedRows.rows, bookings: bookingRows.rows };
    });
    const clinicNow = { date: dayOf(now), time: timeOfDay(now) };
    return { data: { slot, days: availabilityDays(from, to, doctors, { weekly, closed, bookings, slot, now: clinicNow }) } };
  });
}


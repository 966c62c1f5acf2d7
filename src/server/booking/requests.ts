// Online booking (issue 18): what a patient sees and asks on the clinic's public site, and the desk's
// answer.
// Public, on the clinic's host, rate-limited per address (and requests counted per address and per
// phone in the database, so two server processes do not double the allowance):
// - GET /public/booking: the doctors and services offered, the notice and how far ahead;
// - GET /public/booking/slots?doctor_id=&from=&to=: free start times only, never who holds the rest;
// - POST /public/booking: a request for one of them, with a name, phone and gender.
// For whoever may change appointments (declared row actions of resources/bookingRequests/):
// - POST /booking-requests/:id/approve: the patient found by phone (or registered) and booked, under
//   the overlap rule, with the booking's confirmation message; POST /booking-requests/:id/decline.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import { type Kysely, sql } from 'kysely';
import { resourceByName } from '../../../resources';
import { ACCOUNT_STATUS } from '../../shared/enums';
import { toE164 } from '../../shared/phone';
import { TENANT_ROLE } from '../../shared/roles';
import { type Booking, type ClosedDay, SLOT_FREEING_STATUSES, type WeeklyHours, doctorDay } from '../../shared/slots';
import { originOf } from '../audit/origin';
import type { Database } from '../db/schema';
import { PLATFORM_TIME_ZONE, dayOf, timeOfDay } from '../days';
import type { DataAccess } from '../engine/data-access';
import { Diverted, type Row } from '../engine/hooks';
import { recordSchema } from '../engine/schema';
import { anyObject, arr, bool, dataAnswer, int, obj, str } from '../http/answers';
import { NO_BODY } from '../http/route-rules';
import { ApiError, badQuery, invalid, invalidField, notFound, tenantSuspended } from '../http/errors';
import { notify } from '../modules/notifications';
import { bookingSettings, type OnlineBooking } from './settings';

type Db = Kysely<Database>;
const REQUESTS = resourceByName('bookingRequests');
const PATIENTS = resourceByName('patients');
const APPOINTMENTS = resourceByName('appointments');
const SLOT_MINUTES = 15;
/** Requests one phone may have waiting at once, and one address may make in an hour. */
const PER_PHONE = 2;
const PER_ADDRESS_HOUR = 6;
/** Days one slots request may cover. */
const MAX_RANGE = 14;
const ONLINE = 2;
/** The clinic's own system, as the audit trail names it when it confirms a request at once. */
const ONLINE_BOOKING = { scope: 'tenant' as const, id: null, role: null, name: 'online booking' };

const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['doctor_id', 'date', 'time', 'name', 'phone', 'gender'],
  properties: {
    doctor_id: { type: 'integer', minimum: 1 },
    service_id: { type: ['integer', 'null'], minimum: 1 },
    date: { type: 'string', format: 'date' },
    time: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
    name: { type: 'string', minLength: 2, maxLength: 120 },
    phone: { type: 'string', minLength: 4, maxLength: 30 },
    gender: { type: 'integer', enum: [0, 1] },
    reason: { type: ['string', 'null'], maxLength: 300 },
  },
};
interface RequestBody {
  doctor_id: number;
  service_id?: number | null;
  date: string;
  time: string;
  name: string;
  phone: string;
  gender: number;
  reason?: string | null;
}

/** The clinic on this host, active and booking online; else 404 (as if there were no such page). */
async function openClinic(db: Db, request: FastifyRequest): Promise<{ tenantId: number; settings: OnlineBooking }> {
  const tenant = request.tenant!;
  if (tenant.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
  const settings = await bookingSettings(db, tenant.id);
  if (!settings.enabled) throw notFound();
  return { tenantId: tenant.id, settings };
}

/** The first moment a patient may book: now and the notice, in clinic time. */
function earliest(now: Date, settings: OnlineBooking): { date: string; time: string } {
  const at = new Date(now.getTime() + settings.min_notice_hours * 3600_000);
  return { date: dayOf(at), time: timeOfDay(at) };
}
const lastDay = (now: Date, settings: OnlineBooking) => dayjs(dayOf(now)).add(settings.max_days_ahead, 'day').format('YYYY-MM-DD');

/** Free start times per day of one doctor, from `from` to `to`: bookings and waiting requests hold theirs. */
async function freeSlots(db: Db, tenantId: number, doctorId: number, from: string, to: string, now: { date: string; time: string }): Promise<{ date: string; free: string[] }[]> {
  const [weekly, closed, bookings] = await Promise.all([
    sql<WeeklyHours>`select doctor_id::int, weekday, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time
                     from working_hours where tenant_id = ${tenantId} and doctor_id = ${doctorId}`.execute(db),
    sql<ClosedDay>`select to_char(date, 'YYYY-MM-DD') as date, doctor_id::int, reason from closed_days where tenant_id = ${tenantId} and date between ${from} and ${to}`.execute(db),
    sql<Booking>`select doctor_id::int, to_char(date, 'YYYY-MM-DD') as date, to_char(time, 'HH24:MI') as time, duration_minutes from appointments
                 where tenant_id = ${tenantId} and doctor_id = ${doctorId} and date between ${from} and ${to} and status not in (${sql.join(SLOT_FREEING_STATUSES)})
                 union all
                 select doctor_id::int, to_char(date, 'YYYY-MM-DD'), to_char(time, 'HH24:MI'), ${SLOT_MINUTES} from booking_requests
                 where tenant_id = ${tenantId} and doctor_id = ${doctorId} and date between ${from} and ${to} and status = 'pending'`.execute(db),
  ]);
  const days: { date: string; free: string[] }[] = [];
  for (let d = dayjs(from); !d.isAfter(to); d = d.add(1, 'day')) {
    const date = d.format('YYYY-MM-DD');
    days.push({ date, free: doctorDay(doctorId, date, { weekly: weekly.rows, closed: closed.rows, bookings: bookings.rows, slot: SLOT_MINUTES, now }).free });
  }
  return days;
}

/** Books a waiting request: the patient by phone or new, the booking under every rule of a desk's. */
export async function approveRequest(data: DataAccess, id: number): Promise<Row> {
  return data.transaction(async (trx, data) => {
    const req = await data.get(REQUESTS, id);
    if (req.status !== 'pending') throw new ApiError(409, 'errors.requestDecided');
    const { rows: known } = await sql<{ id: number }>`select id from patients where tenant_id = ${data.tenantId} and phone = ${req.phone} and archived_at is null order by id limit 1`.execute(trx);
    let patientId = known[0] ? Number(known[0].id) : null;
    if (patientId === null) {
      const patient = await data.create(PATIENTS, { name: req.name, phone: req.phone, gender: req.gender });
      if (patient instanceof Diverted) throw new Error('patients are never diverted');
      patientId = patient.id;
    }
    const booking = await data.create(APPOINTMENTS, {
      patient_id: patientId,
      doctor_id: req.doctor_id,
      date: dayjs(req.date as string).format('YYYY-MM-DD'),
      time: String(req.time).slice(0, 5),
      origin: ONLINE,
      service_id: req.service_id ?? null,
      notes: req.reason ?? null,
    });
    if (booking instanceof Diverted) throw new Error('appointments are never diverted');
    await sql`update booking_requests set status = 'approved', patient_id = ${patientId}, appointment_id = ${booking.id}, decided_by = ${data.caller?.userId ?? null},
      decided_at = ${data.now()}, updated_at = ${data.now()} where tenant_id = ${data.tenantId} and id = ${id}`.execute(trx);
    await data.audit(trx, { action: 'update', resource: 'bookingRequests', recordId: id, patientId, fields: ['status', 'patient_id', 'appointment_id'] });
    return data.get(REQUESTS, id);
  });
}

export function registerBookingRequestRoutes(app: FastifyInstance, db: Db, clock: () => Date): void {
  const tags = ['online booking'];
  const open = { scope: 'tenant' as const, auth: false, rateLimit: { max: 60, timeWindow: '1 minute' } };

  const offer = dataAnswer(obj({ doctors: arr(obj({ id: int, name: str })), services: arr(anyObject), from: str, to: str, auto_confirm: bool, time_zone: str }));
  const days = dataAnswer(obj({ days: arr(obj({ date: str, free: arr(str) })) }));
  const slotsQuery = { type: 'object', additionalProperties: false, required: ['doctor_id'], properties: { doctor_id: { type: 'string' }, from: { type: 'string', description: 'YYYY-MM-DD' }, to: { type: 'string', description: 'YYYY-MM-DD' } } };
  // A clinic that takes no online bookings has no such page (404), before any body is judged.
  const clinicOpen = async (request: FastifyRequest) => {
    await openClinic(db, request);
  };

  app.get('/public/booking', { config: open, schema: { tags, summary: 'What a patient may book on this clinic site', response: { 200: offer } } }, async (request) => {
    const { tenantId, settings } = await openClinic(db, request);
    const [doctors, services] = await Promise.all([
      sql<{ id: number; name: string }>`select id, name from tenant_users where tenant_id = ${tenantId} and is_active and id in (${sql.join([0, ...settings.doctor_ids])}) order by role, name`.execute(db),
      sql<{ id: number; name: string; price: string }>`select id, name, price from prices where tenant_id = ${tenantId} and active and archived_at is null and id in (${sql.join([0, ...settings.service_ids])}) order by name`.execute(db),
    ]);
    const now = clock();
    // `from` and `to` are the clinic's days; its zone tells the page's calendar which day is today.
    return { data: { doctors: doctors.rows, services: services.rows, from: earliest(now, settings).date, to: lastDay(now, settings), auto_confirm: settings.auto_confirm, time_zone: PLATFORM_TIME_ZONE } };
  });

  app.get('/public/booking/slots', { config: open, schema: { tags, summary: "A doctor's free start times, day by day (no one's bookings)", querystring: slotsQuery, response: { 200: days } } }, async (request) => {
    const { tenantId, settings } = await openClinic(db, request);
    const q = request.query as { doctor_id?: string; from?: string; to?: string };
    const doctorId = Number(q.doctor_id);
    if (!settings.doctor_ids.includes(doctorId)) throw badQuery({ doctor_id: [{ key: 'validation.relation' }] });
    const now = clock();
    const first = earliest(now, settings);
    const from = q.from && /^\d{4}-\d{2}-\d{2}$/.test(q.from) && q.from > first.date ? q.from : first.date;
    const last = lastDay(now, settings);
    const wanted = q.to && /^\d{4}-\d{2}-\d{2}$/.test(q.to) ? q.to : from;
    const to = [wanted, last, dayjs(from).add(MAX_RANGE - 1, 'day').format('YYYY-MM-DD')].sort()[0];
    if (to < from) return { data: { days: [] } };
    return { data: { days: await freeSlots(db, tenantId, doctorId, from, to, first) } };
  });

  const asked = { ...open, rateLimit: { max: 10, timeWindow: '1 minute' } };
  const askedAnswer = dataAnswer(obj({ status: str, date: str, time: str }));
  app.post('/public/booking', { config: asked, preValidation: clinicOpen, schema: { tags, summary: 'Ask for an appointment in a free slot', body: requestBody, response: { 201: askedAnswer } } }, async (request, reply) => {
    const { tenantId, settings } = await openClinic(db, request);
    const body = request.body as RequestBody;
    const phone = toE164(body.phone);
    if (!phone) throw invalidField('phone', 'validation.phone');
    if (!settings.doctor_ids.includes(body.doctor_id)) throw invalidField('doctor_id', 'validation.relation');
    if (body.service_id && !settings.service_ids.includes(body.service_id)) throw invalidField('service_id', 'validation.relation');
    const now = clock();
    const address = originOf(request).ip;
    const id = await db.transaction().execute(async (trx) => {
      // The doctor's day, as a desk's booking takes it (src/server/modules/appointments.ts): two
      // requests, or a request and a booking, for one slot are decided one after the other.
      await sql`select pg_advisory_xact_lock(hashtext(${`appointments:${tenantId}:${body.doctor_id}:${body.date}`}))`.execute(trx);
      const [day] = await freeSlots(trx, tenantId, body.doctor_id, body.date, body.date, earliest(now, settings));
      if (body.date > lastDay(now, settings) || !day.free.includes(body.time)) throw invalidField('time', 'validation.slotTaken');
      const { rows: counts } = await sql<{ phone: number; address: number }>`select
          count(*) filter (where phone = ${phone} and status = 'pending')::int as phone,
          count(*) filter (where from_address = ${address} and created_at > ${new Date(now.getTime() - 3600_000)})::int as address
        from booking_requests where tenant_id = ${tenantId}`.execute(trx);
      if (counts[0].phone >= PER_PHONE) throw invalid({ phone: [{ key: 'validation.tooManyRequests' }] });
      if (address && counts[0].address >= PER_ADDRESS_HOUR) throw new ApiError(429, 'errors.tooManyRequests');
      const { rows } = await sql<{ id: number }>`insert into booking_requests (tenant_id, name, phone, gender, doctor_id, service_id, date, time, reason, from_address)
        values (${tenantId}, ${body.name.trim()}, ${phone}, ${body.gender}, ${body.doctor_id}, ${body.service_id ?? null}, ${body.date}, ${body.time}, ${body.reason?.trim() || null}, ${address})
        returning id`.execute(trx);
      if (!settings.auto_confirm) await notify(trx, { scope: 'tenant', tenantId, roles: [TENANT_ROLE.mainDoctor, TENANT_ROLE.secretary] }, 'bookingRequested', { date: body.date, time: body.time });
      return Number(rows[0].id);
    });
    let status = 'pending';
    if (settings.auto_confirm) {
      // The clinic chose to confirm at once: its Main Doctor's rights, named "online booking".
      const { rows } = await sql<{ id: number }>`select id from tenant_users where tenant_id = ${tenantId} and role = ${TENANT_ROLE.mainDoctor} order by id limit 1`.execute(db);
      const system = request.data.actingAs({ scope: 'tenant', role: TENANT_ROLE.mainDoctor, permissions: [], modules: request.tenant!.modules, userId: Number(rows[0].id) }, ONLINE_BOOKING);
      status = String((await approveRequest(system, id)).status);
    }
    return reply.code(201).send({ data: { status, date: body.date, time: body.time } });
  });

  const decide = (action: 'approve' | 'decline') => async (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    const data = request.data;
    const caller = data.caller!;
    if (action === 'approve') return { data: await approveRequest(data, id) };
    return {
      data: await data.transaction(async (trx, data) => {
        const req = await data.get(REQUESTS, id);
        if (req.status !== 'pending') throw new ApiError(409, 'errors.requestDecided');
        await sql`update booking_requests set status = 'declined', decided_by = ${caller.userId}, decided_at = ${data.now()}, updated_at = ${data.now()}
          where tenant_id = ${data.tenantId} and id = ${id}`.execute(trx);
        await data.audit(trx, { action: 'update', resource: 'bookingRequests', recordId: id, fields: ['status'] });
        return data.get(REQUESTS, id);
      }),
    };
  };
  const deciding = { scope: 'tenant', access: { resource: REQUESTS, action: 'update' }, record: { resource: REQUESTS, action: 'read' } } as const;
  const decided = { 200: dataAnswer(recordSchema(REQUESTS)) };
  app.post('/booking-requests/:id/approve', { config: deciding, schema: { tags, summary: 'Book a waiting request: the patient found by phone or registered', body: NO_BODY, response: decided } }, decide('approve'));
  app.post('/booking-requests/:id/decline', { config: deciding, schema: { tags, summary: 'Decline a waiting request', body: NO_BODY, response: decided } }, decide('decline'));
}

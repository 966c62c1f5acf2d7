// The outbox's calls beside the engine's list and show (whoever may change bookings):
// - POST /messages/:id/sent: a message the secretary sent from the screen (wa.me) is marked sent;
// - POST /messages/:id/retry: a failed message is tried again from now.
// And the patient's link, public on the clinic's host (no account; the link's mac is the key):
// - GET /public/appointments/:ref: the booking's day, time, doctor and state (nothing else);
// - POST /public/appointments/:ref/confirm | cancel | stop (stop: no more messages).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { resourceByName } from '../../../resources';
import { ACCOUNT_STATUS, APPOINTMENT_STATUS } from '../../shared/enums';
import { TENANT_ROLE } from '../../shared/roles';
import { recordEvent } from '../audit/events';
import { originOf } from '../audit/origin';
import type { KeyRing } from '../crypto/keyring';
import type { Database } from '../db/schema';
import { ApiError, notFound, tenantSuspended } from '../http/errors';
import { notify } from '../modules/notifications';
import { MESSAGE_QUEUED, withdrawPending } from './outbox';
import { appointmentOfRef } from './links';
import { recordSchema } from '../engine/schema';
import { bool, dataAnswer, nullable, obj, str } from '../http/answers';
import { NO_BODY } from '../http/route-rules';

const MESSAGES = resourceByName('messages');
const APPOINTMENTS = resourceByName('appointments');
const BOOKED = [APPOINTMENT_STATUS.active, APPOINTMENT_STATUS.late];
/** The patient acting through their link, as the audit trail names them. */
const PATIENT_LINK = { scope: 'tenant' as const, id: null, role: null, name: 'patient link' };

/** The path's id (its form checked by the input guard: 404). */
const idParam = (params: unknown): number => Number((params as { id: string }).id);

/** What the patient's page shows. */
const shownAnswer = dataAnswer(obj({ clinic: str, doctor: nullable(str), date: str, time: str, state: { type: 'string', enum: ['booked', 'cancelled', 'over'] }, confirmed: bool }));

export function registerMessageRoutes(app: FastifyInstance, db: Kysely<Database>, keyring: KeyRing, clock: () => Date): void {
  const tags = ['messages'];

  /** Moves one of the clinic's messages from the states given; 409 when it is in none of them. */
  const move = (from: string, set: (now: Date, userId: number) => ReturnType<typeof sql>, conflictKey: string) => async (request: FastifyRequest) => {
    const id = idParam(request.params);
    const data = request.data;
    const caller = data.caller!;
    return data.transaction(async (trx, data) => {
      const message = await data.get(MESSAGES, id);
      const { rows } = await sql<{ id: number }>`update messages set ${set(data.now(), caller.userId)}, updated_at = ${data.now()}
        where tenant_id = ${data.tenantId} and id = ${id} and ${sql.raw(from)} returning id`.execute(trx);
      if (!rows.length) throw new ApiError(409, conflictKey);
      await data.audit(trx, { action: 'update', resource: 'messages', recordId: id, patientId: Number(message.patient_id), fields: ['status'] });
      return { data: await data.get(MESSAGES, id) };
    });
  };

  // Whoever may change bookings handles their messages.
  const handling = { scope: 'tenant', access: { resource: APPOINTMENTS, action: 'update' }, record: { resource: MESSAGES, action: 'read' } } as const;
  const moved = { 200: dataAnswer(recordSchema(MESSAGES)) };
  app.post(
    '/messages/:id/sent',
    { config: handling, schema: { tags, summary: 'Mark a message sent from the screen (WhatsApp by hand) as sent', body: NO_BODY, response: moved } },
    move("channel = 'manual' and status = 'pending'", (now, userId) => sql`status = 'sent', sent_at = ${now}, sent_by = ${userId}`, 'errors.messageNotPending'),
  );

  app.post(
    '/messages/:id/retry',
    { config: handling, schema: { tags, summary: 'Try a failed message again from now', body: NO_BODY, response: moved } },
    async (request) => {
      const answer = await move("status = 'failed'", (now) => sql`status = 'pending', attempts = 0, last_error = null, next_attempt_at = ${now}`, 'errors.messageNotFailed')(request);
      await sql`select pg_notify(${MESSAGE_QUEUED}, '')`.execute(db);
      return answer;
    },
  );

  // The patient's link. Rate-limited per address: a mac is not guessed by trying.
  const open = { scope: 'tenant' as const, auth: false, rateLimit: { max: 30, timeWindow: '1 minute' } };
  const publicTags = ['public booking link'];

  /** The booking a link names on this clinic's host, or 404 (a wrong, altered or other clinic's link alike). */
  const bookingOf = async (request: FastifyRequest) => {
    const tenant = request.tenant!;
    if (tenant.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
    const id = appointmentOfRef(keyring, tenant.id, String((request.params as { ref: string }).ref));
    if (id === null) throw notFound();
    const { rows } = await sql<{ id: number; patient_id: number; date: string; time: string; status: number; confirmed_at: Date | null; doctor: string | null; clinic: string }>`
      select a.id, a.patient_id, to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.time, 'HH24:MI') as time, a.status, a.confirmed_at, d.name as doctor, t.name as clinic
      from appointments a join tenants t on t.id = a.tenant_id left join tenant_users d on d.tenant_id = a.tenant_id and d.id = a.doctor_id
      where a.tenant_id = ${tenant.id} and a.id = ${id}`.execute(db);
    if (!rows[0]) throw notFound();
    return { tenantId: tenant.id, ...rows[0] };
  };
  /** What the patient's page shows: no name, no phone, nothing of anyone else. */
  const shown = (b: Awaited<ReturnType<typeof bookingOf>>) => ({
    clinic: b.clinic,
    doctor: b.doctor,
    date: b.date,
    time: b.time,
    state: b.status === APPOINTMENT_STATUS.cancelled ? 'cancelled' : (BOOKED as number[]).includes(b.status) ? 'booked' : 'over',
    confirmed: b.confirmed_at !== null,
  });

  app.get('/public/appointments/:ref', { config: open, schema: { tags: publicTags, summary: 'A booking as its patient sees it from the link in a message', response: { 200: shownAnswer } } }, async (request) => ({ data: shown(await bookingOf(request)) }));

  const act = (action: 'confirm' | 'cancel' | 'stop') => async (request: FastifyRequest) => {
    const b = await bookingOf(request);
    if (action !== 'stop' && !(BOOKED as number[]).includes(b.status)) throw new ApiError(409, 'errors.bookingOver');
    const now = clock();
    await db.transaction().execute(async (trx) => {
      if (action === 'confirm') {
        await sql`update appointments set confirmed_at = coalesce(confirmed_at, ${now}), updated_at = ${now} where tenant_id = ${b.tenantId} and id = ${b.id}`.execute(trx);
      } else if (action === 'cancel') {
        await sql`update appointments set status = ${APPOINTMENT_STATUS.cancelled}, updated_at = ${now} where tenant_id = ${b.tenantId} and id = ${b.id}`.execute(trx);
        await withdrawPending(trx, b.tenantId, b.id, now);
        await notify(trx, { scope: 'tenant', tenantId: b.tenantId, roles: [TENANT_ROLE.mainDoctor, TENANT_ROLE.secretary] }, 'bookingCancelledByPatient', { date: b.date, time: b.time });
      } else {
        await sql`update patients set reminders = false, updated_at = ${now} where tenant_id = ${b.tenantId} and id = ${b.patient_id}`.execute(trx);
        await sql`update messages set status = 'cancelled', updated_at = ${now} where tenant_id = ${b.tenantId} and patient_id = ${b.patient_id} and status = 'pending'`.execute(trx);
      }
      const resource = action === 'stop' ? 'patients' : 'appointments';
      const fields = action === 'confirm' ? ['confirmed_at'] : action === 'cancel' ? ['status'] : ['reminders'];
      await recordEvent(trx, b.tenantId, PATIENT_LINK, originOf(request), { action: 'update', resource, recordId: action === 'stop' ? b.patient_id : b.id, patientId: b.patient_id, fields });
    });
    return { data: shown(await bookingOf(request)) };
  };
  for (const action of ['confirm', 'cancel', 'stop'] as const) {
    app.post(`/public/appointments/:ref/${action}`, { config: { ...open, record: bookingOf }, schema: { tags: publicTags, summary: `The patient's ${action} from the link in a message`, body: NO_BODY, response: { 200: shownAnswer } } }, act(action));
  }
}

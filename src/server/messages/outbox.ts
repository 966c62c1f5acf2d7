// Writing messages to patients into the outbox (resources/messages/): in the same transaction as
// the booking's change that calls for one, so a booking never exists without its confirmation nor a
// confirmation without its booking. Each has a reason key (`dedupe_key`, unique per clinic): what
// is written twice for one reason is kept once. The text is written now, in the patient's language,
// and sealed with the clinic's key; a later change of the booking cancels what was not sent yet and
// writes what the patient must now be told.
import dayjs from 'dayjs';
import { type Kysely, sql } from 'kysely';
import { messages as MESSAGES } from '../../../resources/messages';
import { ACCOUNT_STATUS, APPOINTMENT_STATUS, MESSAGE_KIND } from '../../shared/enums';
import type { FieldCipher } from '../crypto/fields';
import type { KeyRing } from '../crypto/keyring';
import type { Database } from '../db/schema';
import type { HookContext, ResourceHooks, Row } from '../engine/hooks';
import { type Lang, LANGUAGES, translate } from '../i18n';
import { dayOf, localDay, timeOfDay } from '../days';
import { appointmentRef, clinicSite } from './links';
import { defaultTemplate, fillTemplate } from './templates';
import { type Transports, channelFor } from './transports';

type Db = Kysely<Database>;

/** Said on commit of a message a transport should send (every process's sender wakes). */
export const MESSAGE_QUEUED = 'message_queued';

export interface OutboxDeps {
  keyring: KeyRing;
  /** Null only in the benchmark's comparison run without encryption. */
  cipher: FieldCipher | null;
  publicUrl: string;
  transports: Transports;
}

/** Bookings still to come as booked: what messages are about. */
const BOOKED: readonly number[] = [APPOINTMENT_STATUS.active, APPOINTMENT_STATUS.late];

interface Booking {
  /** The clinic's own text for the message's kind in the patient's language, if it has one. */
  own: string | null;
  id: number;
  patient_id: number;
  date: string;
  time: string;
  status: number;
  name: string;
  phone: string | null;
  email: string | null;
  language: string;
  reminders: boolean;
  doctor: string | null;
  clinic: string;
  subdomain: string;
}

async function bookingOf(db: Db, tenantId: number, appointmentId: number, kind: number): Promise<Booking | null> {
  const { rows } = await sql<Booking>`
    select (select body from message_templates m where m.tenant_id = a.tenant_id and m.kind = ${kind} and m.language = p.language) as own,
           a.id, a.patient_id, to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.time, 'HH24:MI') as time, a.status,
           p.name, p.phone, p.email, p.language, p.reminders, d.name as doctor, t.name as clinic, t.subdomain
    from appointments a
    join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
    join tenants t on t.id = a.tenant_id
    left join tenant_users d on d.tenant_id = a.tenant_id and d.id = a.doctor_id
    where a.tenant_id = ${tenantId} and a.id = ${appointmentId}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Writes one message about a booking, unless the patient asked for none, cannot be reached, or a
 * message for the same reason exists. True when one was written.
 */
export async function writeMessage(db: Db, deps: OutboxDeps, tenantId: number, appointmentId: number, kind: number, reason: string): Promise<boolean> {
  const b = await bookingOf(db, tenantId, appointmentId, kind);
  if (!b || !b.reminders) return false;
  const way = channelFor(deps.transports, b);
  if (!way) return false;
  const lang = ((LANGUAGES as readonly string[]).includes(b.language) ? b.language : 'ckb') as Lang;
  const weekday = translate(lang, `enums.weekday.${new Date(`${b.date}T12:00:00Z`).getUTCDay()}`);
  const values: Record<string, unknown> = {
    body: fillTemplate(b.own ?? defaultTemplate(lang, kind), {
      patient: b.name,
      clinic: b.clinic,
      doctor: b.doctor ?? '',
      date: `${weekday} ${b.date}`,
      time: b.time,
      link: `${clinicSite(deps.publicUrl, b.subdomain)}/a/${appointmentRef(deps.keyring, tenantId, appointmentId)}?lang=${lang}`,
    }),
  };
  await deps.cipher?.sealValues(db, MESSAGES, tenantId, values);
  const { rows } = await sql<{ id: number }>`
    insert into messages (tenant_id, patient_id, appointment_id, kind, channel, recipient, language, body, dedupe_key, next_attempt_at)
    values (${tenantId}, ${b.patient_id}, ${appointmentId}, ${kind}, ${way.channel}, ${way.to}, ${lang}, ${values.body as string}, ${reason},
            ${way.channel === 'manual' ? null : new Date(0)})
    on conflict (tenant_id, dedupe_key) do nothing returning id`.execute(db);
  if (rows.length && way.channel !== 'manual') await sql`select pg_notify(${MESSAGE_QUEUED}, '')`.execute(db);
  return rows.length > 0;
}

/** Messages of a booking not sent yet are withdrawn (they would tell the patient something no longer true). */
export async function withdrawPending(db: Db, tenantId: number, appointmentId: number, now: Date): Promise<void> {
  await sql`update messages set status = 'cancelled', updated_at = ${now}
    where tenant_id = ${tenantId} and appointment_id = ${appointmentId} and status = 'pending'`.execute(db);
}

async function toldBefore(db: Db, tenantId: number, appointmentId: number): Promise<boolean> {
  const { rows } = await sql`select 1 from messages where tenant_id = ${tenantId} and appointment_id = ${appointmentId} and status in ('sent', 'sending') limit 1`.execute(db);
  return rows.length > 0;
}

/** A date column as the engine answers it (a string, or a Date from some drivers): YYYY-MM-DD. */
const dayText = (value: unknown) => (value instanceof Date ? dayjs(value).format('YYYY-MM-DD') : String(value).slice(0, 10));
const isToCome = (record: Row, ctx: HookContext) => BOOKED.includes(Number(record.status)) && dayText(record.date) >= dayOf(ctx.now);
const slotOf = (r: Row) => `${dayText(r.date)} ${String(r.time).slice(0, 5)}`;

/**
 * Of a series of bookings (weekly physiotherapy), the patient hears about the next one to come;
 * the later ones are told by their day-before reminders.
 */
async function laterInSeries(db: Db, tenantId: number, record: Row, today: string): Promise<boolean> {
  if (!record.series_id) return false;
  const { rows } = await sql`select 1 from appointments where tenant_id = ${tenantId} and series_id = ${String(record.series_id)} and id <> ${record.id}
    and status in (${sql.join(BOOKED)}) and date >= ${today} and (date, time) < (${dayText(record.date)}::date, ${String(record.time)}::time) limit 1`.execute(db);
  return rows.length > 0;
}

/** What a booking's creation and changes tell its patient. */
export function bookingMessageHooks(deps: OutboxDeps): ResourceHooks {
  return {
    async afterCreate(ctx, record) {
      // A series is confirmed once, with its first booking.
      const reason = record.series_id ? `confirmation:series:${String(record.series_id)}` : `confirmation:${record.id}:v${String(record.version)}`;
      if (isToCome(record, ctx)) await writeMessage(ctx.trx, deps, ctx.tenantId!, record.id, MESSAGE_KIND.confirmation, reason);
    },
    async afterUpdate(ctx, record, _input, existing) {
      const tenantId = ctx.tenantId!;
      const wasToCome = BOOKED.includes(Number(existing.status));
      const moved = slotOf(record) !== slotOf(existing) || Number(record.doctor_id) !== Number(existing.doctor_id);
      const later = await laterInSeries(ctx.trx, tenantId, record, dayOf(ctx.now));
      if (Number(record.status) === APPOINTMENT_STATUS.cancelled && Number(existing.status) !== APPOINTMENT_STATUS.cancelled) {
        await withdrawPending(ctx.trx, tenantId, record.id, ctx.now);
        if (!later && (await toldBefore(ctx.trx, tenantId, record.id))) await writeMessage(ctx.trx, deps, tenantId, record.id, MESSAGE_KIND.cancellation, `cancellation:${record.id}:v${String(record.version)}`);
        return;
      }
      if (!isToCome(record, ctx)) {
        // Arrived, seen, postponed or referred: nothing waiting is still worth sending.
        if (wasToCome) await withdrawPending(ctx.trx, tenantId, record.id, ctx.now);
        return;
      }
      if (wasToCome && !moved) return;
      // A new slot (or a booking back from cancelled): what was waiting is withdrawn; a patient who
      // was told of the old slot hears of the change, one who was not gets the confirmation.
      await withdrawPending(ctx.trx, tenantId, record.id, ctx.now);
      if (later) return;
      const told = wasToCome && (await toldBefore(ctx.trx, tenantId, record.id));
      const kind = told ? MESSAGE_KIND.change : MESSAGE_KIND.confirmation;
      await writeMessage(ctx.trx, deps, tenantId, record.id, kind, `${told ? 'change' : 'confirmation'}:${record.id}:v${String(record.version)}`);
    },
  };
}

/** A patient who asks for no messages gets none of those waiting either. */
export const patientMessageHooks: ResourceHooks = {
  async afterUpdate(ctx, record, _input, existing) {
    if (existing.reminders && !record.reminders) {
      await sql`update messages set status = 'cancelled', updated_at = ${ctx.now} where tenant_id = ${ctx.tenantId} and patient_id = ${record.id} and status = 'pending'`.execute(ctx.trx);
    }
  },
};

/** Reminders are written from this hour of the day before (clinic time), never at night. */
export const REMINDER_HOUR = 10;

/**
 * Writes the day-before reminders due at `now`, for every clinic: tomorrow's bookings still to
 * come, of patients who take messages, booked more than 12 hours ago (a booking made today for
 * tomorrow has just been confirmed). Safe to run anywhere and often: each reminder's reason key
 * is its booking and day. Runs as the database owner (every clinic's rows).
 */
export async function writeReminders(db: Db, deps: OutboxDeps, now: Date): Promise<number> {
  if (Number(timeOfDay(now).slice(0, 2)) < REMINDER_HOUR) return 0;
  const tomorrow = localDay(now).add(1, 'day').format('YYYY-MM-DD');
  const { rows } = await sql<{ tenant_id: number; id: number }>`
    select a.tenant_id, a.id from appointments a
    join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
    join tenants t on t.id = a.tenant_id and t.status = ${ACCOUNT_STATUS.active}
    where a.date = ${tomorrow} and a.status in (${sql.join(BOOKED)}) and p.reminders
      and a.created_at < ${new Date(now.getTime() - 12 * 3600_000)}
      and not exists (select 1 from messages m where m.tenant_id = a.tenant_id and m.dedupe_key = 'reminder:' || a.id || ':' || ${tomorrow})
    order by a.tenant_id, a.id limit 500`.execute(db);
  let written = 0;
  for (const r of rows) {
    if (await writeMessage(db, deps, Number(r.tenant_id), Number(r.id), MESSAGE_KIND.reminder, `reminder:${r.id}:${tomorrow}`)) written++;
  }
  return written;
}

// Appointment rules: one doctor's active appointments never overlap (the paid amount's limit is
// declared: resources/appointments/ `checks`). The check takes a transaction-scoped advisory lock on the doctor's
// day first, so two bookings racing for the same slot cannot both pass.
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { TENANT_ROLE } from '../../src/shared/roles';
import type { HookContext, Input, ResourceHooks, Row } from '../../src/server/engine/hooks';
import { invalid } from '../../src/server/http/errors';
import { SLOT_FREEING_STATUSES, minutesOf } from '../../src/shared/slots';
import { encounterPayments, lockEncounter, paidFor } from '../payments/hooks';
import { withdrawPending } from '../../src/server/messages/outbox';
import { dayOf } from '../../src/server/days';

const payments = encounterPayments('appointment');


/** The doctor of a booking made without one: the caller if a doctor, else the clinic's Main Doctor. */
export async function defaultDoctorId(ctx: HookContext): Promise<number | null> {
  if (ctx.caller.role === TENANT_ROLE.mainDoctor || ctx.caller.role === TENANT_ROLE.doctor) return ctx.caller.userId;
  const row = await ctx.trx.selectFrom('tenant_users').select('id').where('tenant_id', '=', ctx.tenantId!).where('role', '=', TENANT_ROLE.mainDoctor).executeTakeFirst();
  return row?.id ?? null;
}

async function check(ctx: HookContext, merged: Record<string, unknown>, selfId: number | null): Promise<void> {
  if (SLOT_FREEING_STATUSES.includes(Number(merged.status ?? 0))) return;

  const doctor = merged.doctor_id as number | null;
  const date = String(merged.date);
  await sql`select pg_advisory_xact_lock(hashtext(${`appointments:${ctx.tenantId}:${doctor}:${date}`}))`.execute(ctx.trx);
  const start = minutesOf(String(merged.time));
  const end = start + Number(merged.duration_minutes ?? 15);
  const { rows } = await sql<{ id: number; time: string; duration_minutes: number }>`
    select id, to_char(time, 'HH24:MI') as time, duration_minutes from appointments
    where tenant_id = ${ctx.tenantId} and doctor_id is not distinct from ${doctor} and date = ${date}
      and status not in (${sql.join(SLOT_FREEING_STATUSES)}) and id <> ${selfId ?? 0}`.execute(ctx.trx);
  const clash = rows.find((r) => minutesOf(r.time) < end && start < minutesOf(r.time) + r.duration_minutes);
  if (clash) throw invalid({ time: [{ key: 'validation.appointmentOverlap', vars: { time: clash.time } }] });
}

/** Arriving in Waiting (checked in) stamps the time; another move keeps the stamp of the visit's wait. */
function stampCheckIn(ctx: HookContext, input: Input, existing: Row | null): void {
  if (input.status !== undefined && Number(input.status) === APPOINTMENT_STATUS.waiting && Number(existing?.status) !== APPOINTMENT_STATUS.waiting) input.checked_in_at = ctx.now;
}

/** A referral says where to: moving to Refer (or booking so) without it is refused on the field. */
function requireReferral(input: Input, existing: Row | null): void {
  const merged = { ...existing, ...input };
  if (Number(merged.status) === APPOINTMENT_STATUS.refer && !String(merged.referral ?? '').trim()) {
    throw invalid({ referral: [{ key: 'validation.referralRequired' }] });
  }
}

/** Bookings that may still happen: not done, cancelled or referred elsewhere. */
const FINISHED: readonly number[] = [APPOINTMENT_STATUS.done, APPOINTMENT_STATUS.cancelled, APPOINTMENT_STATUS.refer];

export const appointmentHooks: ResourceHooks = {
  // An archived patient's bookings from today on (resources/patients/ cancelsOnArchive): cancelled,
  // their waiting messages withdrawn; nothing is sent to the patient about it.
  async cancelUpcoming(ctx, field, id, dryRun) {
    if (field !== 'patient_id') return [];
    const { rows } = await sql<{ id: number }>`select id from appointments where tenant_id = ${ctx.tenantId} and patient_id = ${id}
      and date >= ${dayOf(ctx.now)} and status not in (${sql.join(FINISHED)}) order by date, time`.execute(ctx.trx);
    const ids = rows.map((r) => Number(r.id));
    if (dryRun || !ids.length) return ids;
    await sql`update appointments set status = ${APPOINTMENT_STATUS.cancelled}, updated_at = ${ctx.now} where tenant_id = ${ctx.tenantId} and id in (${sql.join(ids)})`.execute(ctx.trx);
    for (const appointment of ids) await withdrawPending(ctx.trx, ctx.tenantId!, appointment, ctx.now);
    return ids;
  },
  async beforeCreate(ctx, input: Input) {
    input.doctor_id ??= await defaultDoctorId(ctx);
    stampCheckIn(ctx, input, null);
    requireReferral(input, null);
    payments.check(ctx, input, Number(input.amount ?? 0), 0, 'amount');
    await check(ctx, input, null);
  },
  async afterCreate(ctx, record, input) {
    await payments.after(ctx, record, input);
  },
  async beforeUpdate(ctx, input: Input, existing: Row) {
    stampCheckIn(ctx, input, existing);
    requireReferral(input, existing);
    if (Number(input.payment ?? 0) > 0) await lockEncounter(ctx, { appointment_id: existing.id });
    payments.check(ctx, input, Number(input.amount ?? existing.amount ?? 0), await paidFor(ctx, null, existing.id), 'amount');
    const merged = { ...existing, ...input, date: input.date ?? dayjs(existing.date as string).format('YYYY-MM-DD') };
    await check(ctx, merged, existing.id);
  },
  async afterUpdate(ctx, record, input) {
    await payments.after(ctx, record, input);
  },
};

// One money model (issue 13): every dinar the clinic receives is in its accounts once.
// - A payment taken at the desk is the appointment's `paid_amount`; marking an appointment paid
//   without an amount means paid in full, un-marking it means nothing was paid. It becomes one
//   income (source 2, dated the day it was first recorded), adjusted by every later edit and
//   removed when un-paid.
// - A visit's `paid_amount` is what the encounter was paid in all, the desk's payment included: its
//   own income (source 1) is only the part beyond what its appointment already took. So paying
//   at the desk, then recording the visit with the same amount, counts the money once, in
//   whichever order and however often either is edited afterwards.
// Automatic incomes carry no text: their `source` is shown in the reader's language.
import { sql } from 'kysely';
import { INCOME_SOURCE } from '../../shared/enums';
import { dayOf } from '../days';
import type { HookContext, Input, ResourceHooks, Row } from '../engine/hooks';
import { ApiError, invalidField } from '../http/errors';

/** What the desk took for an appointment. */
function received(appointment: Record<string, unknown>): number {
  return Number(appointment.paid_amount ?? 0);
}

/** An appointment's paid flag and amount made to agree before it is saved (see above). */
export function settleAppointmentPayment(input: Input, existing: Row | null): void {
  const amount = Number(input.amount ?? existing?.amount ?? 0);
  if (input.is_paid === true && Number(input.paid_amount ?? existing?.paid_amount ?? 0) === 0) input.paid_amount = amount;
  if (input.is_paid === false && input.paid_amount === undefined) input.paid_amount = 0;
}

/** Writes, adjusts or removes the automatic income `key` = `id` (appointment_id or visiting_id). */
async function keepIncome(ctx: HookContext, key: 'appointment_id' | 'visiting_id', id: number, amount: number, patientId: unknown): Promise<void> {
  if (amount <= 0) {
    await sql`delete from incomes where tenant_id = ${ctx.tenantId} and ${sql.ref(key)} = ${id}`.execute(ctx.trx);
    return;
  }
  const source = key === 'appointment_id' ? INCOME_SOURCE.appointment : INCOME_SOURCE.visit;
  await sql`
    insert into incomes (tenant_id, amount, date, source, patient_id, ${sql.ref(key)})
    values (${ctx.tenantId}, ${amount}, ${dayOf(ctx.now)}, ${source}, ${patientId}, ${id})
    on conflict (tenant_id, ${sql.ref(key)}) where ${sql.ref(key)} is not null
    do update set amount = excluded.amount, patient_id = excluded.patient_id, updated_at = now()
    where incomes.amount is distinct from excluded.amount or incomes.patient_id is distinct from excluded.patient_id`.execute(ctx.trx);
}

/** A visit's own income: what it was paid beyond its appointment's desk payment. */
export async function syncVisitIncome(ctx: HookContext, visit: Row): Promise<void> {
  let before = 0;
  if (visit.appointment_id != null) {
    const { rows } = await sql<{ paid_amount: number }>`select paid_amount from appointments where tenant_id = ${ctx.tenantId} and id = ${visit.appointment_id}`.execute(ctx.trx);
    before = rows[0] ? received(rows[0]) : 0;
  }
  await keepIncome(ctx, 'visiting_id', visit.id, Number(visit.paid_amount ?? 0) - before, visit.patient_id);
}

/** An appointment's desk payment, and the incomes of its visits, which depend on it. */
export async function syncAppointmentIncome(ctx: HookContext, appointment: Row): Promise<void> {
  await keepIncome(ctx, 'appointment_id', appointment.id, received(appointment), appointment.patient_id);
  const { rows } = await sql<Row>`select id, patient_id, appointment_id, paid_amount from visitings where tenant_id = ${ctx.tenantId} and appointment_id = ${appointment.id}`.execute(ctx.trx);
  for (const visit of rows) await syncVisitIncome(ctx, visit);
}

/** Automatic incomes follow their visit or appointment: they are changed there, not here. */
export const incomeHooks: ResourceHooks = {
  beforeUpdate(_ctx, input, existing) {
    if (Number(existing.source) === INCOME_SOURCE.manual) return;
    const locked = ['amount', 'date', 'patient_id'].find((field) => field in input && JSON.stringify(input[field]) !== JSON.stringify(existing[field]));
    if (locked) throw invalidField(locked, 'validation.automaticIncome');
  },
  beforeDelete(_ctx, existing) {
    if (Number(existing.source) !== INCOME_SOURCE.manual) throw new ApiError(409, 'errors.automaticIncome');
  },
};

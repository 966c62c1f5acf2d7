// One money model (issue 19): the `payments` ledger is the only record of money received, and
// everything else follows from its rows, in the transaction that writes them.
// - A payment is taken on its own (toward the patient's balance), at the desk for a booking
//   (`appointment_id`), or for a visit (`visiting_id`); a booking's and a visit's forms take one
//   through their `payment` field. Partial payments are several rows.
// - A refund is a row of its own: a negative amount pointing at its payment, at most what is left
//   of it. Rows are never changed in their money nor deleted (the app role cannot delete them).
// - Each row is exactly one income in the accounts (incomes.payment_id, unique): same amount,
//   same day, its source saying which kind of payment it was.
// - A booking's `paid_amount` is what was paid at the desk for it; a visit's is what the encounter
//   was paid in all (its own payments and those of its booking). Both are written here only, and
//   a payment may not take either past what is charged (the amount, the fee).
import { sql } from 'kysely';
import { INCOME_SOURCE } from '../../src/shared/enums';
import { can } from '../../src/shared/access';
import { resourceByName } from '..';
import { dayOf } from '../../src/server/days';
import type { HookContext, Input, ResourceHooks, Row } from '../../src/server/engine/hooks';
import { ApiError, invalidField } from '../../src/server/http/errors';

const PAYMENTS = resourceByName('payments');

/** An amount as a message names it: 12,500 (the same digits in every language of the message). */
const grouped = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);

interface NewPayment {
  patient_id: number;
  amount: number;
  method: number;
  appointment_id?: number | null;
  visiting_id?: number | null;
  refund_of?: number | null;
  note?: string | null;
}

function sourceOf(p: { amount: number; appointment_id?: unknown; visiting_id?: unknown }): number {
  if (p.amount < 0) return INCOME_SOURCE.refund;
  if (p.visiting_id != null) return INCOME_SOURCE.visit;
  if (p.appointment_id != null) return INCOME_SOURCE.appointment;
  return INCOME_SOURCE.payment;
}

/** A payment's income: one per row, the same amount (negative for a refund) on the same day. */
async function bookIncome(ctx: HookContext, payment: Row): Promise<void> {
  const amount = Number(payment.amount);
  await sql`insert into incomes (tenant_id, amount, date, source, patient_id, appointment_id, visiting_id, payment_id)
    values (${ctx.tenantId}, ${amount}, ${payment.date}, ${sourceOf({ ...payment, amount })}, ${payment.patient_id},
      ${payment.appointment_id ?? null}, ${payment.visiting_id ?? null}, ${payment.id})`.execute(ctx.trx);
}

/** Writes a payment or refund row with its income (one statement), and brings what it paid for up to date. */
export async function recordPayment(ctx: HookContext, p: NewPayment): Promise<Row> {
  const { rows } = await sql<Row>`with p as (
      insert into payments (tenant_id, patient_id, amount, method, appointment_id, visiting_id, refund_of, note, date, taken_by)
      values (${ctx.tenantId}, ${p.patient_id}, ${p.amount}, ${p.method}, ${p.appointment_id ?? null}, ${p.visiting_id ?? null},
        ${p.refund_of ?? null}, ${p.note ?? null}, ${dayOf(ctx.now)}, ${ctx.caller.userId}) returning *),
    income as (insert into incomes (tenant_id, amount, date, source, patient_id, appointment_id, visiting_id, payment_id)
      select tenant_id, amount, date, ${sourceOf(p)}, patient_id, appointment_id, visiting_id, id from p)
    select * from p`.execute(ctx.trx);
  const payment = rows[0];
  await settle(ctx, payment);
  return payment;
}

/** Recomputes the paid amounts of what a payment row paid for. */
async function settle(ctx: HookContext, payment: Row): Promise<void> {
  if (payment.appointment_id != null) await settleAppointment(ctx, Number(payment.appointment_id));
  if (payment.visiting_id != null) await settleVisit(ctx, Number(payment.visiting_id));
}

/** A booking's paid amount and flag from its desk payments, and its visits' (which include them). */
export async function settleAppointment(ctx: HookContext, id: number): Promise<void> {
  await sql`update appointments a set paid_amount = s.paid, is_paid = (a.amount > 0 and s.paid >= a.amount)
    from (select coalesce(sum(amount), 0) as paid from payments where tenant_id = ${ctx.tenantId} and appointment_id = ${id}) s
    where a.tenant_id = ${ctx.tenantId} and a.id = ${id} and (a.paid_amount is distinct from s.paid or a.is_paid is distinct from (a.amount > 0 and s.paid >= a.amount))
    `.execute(ctx.trx);
  const { rows: visits } = await sql<{ id: number }>`select id from visitings where tenant_id = ${ctx.tenantId} and appointment_id = ${id}`.execute(ctx.trx);
  for (const visit of visits) await settleVisit(ctx, visit.id);
}

/** A visit's paid amount: its own payments and its booking's desk payments. */
export async function settleVisit(ctx: HookContext, id: number): Promise<void> {
  await sql`update visitings v set paid_amount = s.paid
    from (select coalesce(sum(p.amount), 0) as paid from payments p, visitings w
          where w.tenant_id = ${ctx.tenantId} and w.id = ${id} and p.tenant_id = w.tenant_id
            and (p.visiting_id = w.id or (w.appointment_id is not null and p.appointment_id = w.appointment_id))) s
    where v.tenant_id = ${ctx.tenantId} and v.id = ${id} and v.paid_amount is distinct from s.paid`.execute(ctx.trx);
}

/**
 * Takes the locks of what a payment row is for (its booking, then its visit), before what is owed
 * is read: two desks paying or refunding the same encounter at once are taken one after the
 * other, so the second sees the first's payment (never more than is charged) and each paid amount
 * is summed over every row.
 */
export async function lockEncounter(ctx: HookContext, target: { appointment_id?: unknown; visiting_id?: unknown }): Promise<void> {
  let appointmentId = target.appointment_id ?? null;
  if (target.visiting_id != null && appointmentId == null) {
    const { rows } = await sql<{ appointment_id: number | null }>`select appointment_id from visitings where tenant_id = ${ctx.tenantId} and id = ${target.visiting_id}`.execute(ctx.trx);
    appointmentId = rows[0]?.appointment_id ?? null;
  }
  if (appointmentId != null) await sql`select id from appointments where tenant_id = ${ctx.tenantId} and id = ${appointmentId} for update`.execute(ctx.trx);
  if (target.visiting_id != null) await sql`select id from visitings where tenant_id = ${ctx.tenantId} and id = ${target.visiting_id} for update`.execute(ctx.trx);
}

/** What may still be paid for a booking at the desk, or for a visit (its fee less what the encounter was paid). */
async function owed(ctx: HookContext, target: { appointment_id?: number | null; visiting_id?: number | null }): Promise<number> {
  if (target.visiting_id != null) {
    const { rows } = await sql<{ left: number }>`select fee - paid_amount as left from visitings where tenant_id = ${ctx.tenantId} and id = ${target.visiting_id}`.execute(ctx.trx);
    return Number(rows[0]?.left ?? 0);
  }
  // At the desk: within the booking's amount, and within the fee of a visit already recorded for it.
  const { rows } = await sql<{ left: number }>`select least(a.amount - a.paid_amount, coalesce((select min(v.fee - v.paid_amount) from visitings v
      where v.tenant_id = a.tenant_id and v.appointment_id = a.id), a.amount - a.paid_amount)) as left
    from appointments a where a.tenant_id = ${ctx.tenantId} and a.id = ${target.appointment_id}`.execute(ctx.trx);
  return Number(rows[0]?.left ?? 0);
}

/** Refuses, on `field`, a payment beyond what is `left` to pay, naming it. */
function refuseAbove(field: string, amount: number, left: number): void {
  const room = Math.max(0, left);
  if (amount > room + 1e-9) throw invalidField(field, room > 0 ? 'validation.paymentAboveOwed' : 'validation.nothingOwed', { left: grouped(room) });
}

/** The `payment` a booking's or a visit's form sends: whoever sends it must be allowed to take payments. */
function paymentOf(ctx: HookContext, input: Input): number {
  const amount = Number(input.payment ?? 0);
  if (amount > 0 && !can(ctx.caller, PAYMENTS, 'create')) throw invalidField('payment', 'validation.mayNotTakePayments');
  return amount;
}

/**
 * Hooks for the booking and the visit: the payment their form takes (checked before, written
 * after the record), and their paid amount kept true whatever changed (an amount, a booking).
 */
export function encounterPayments(kind: 'appointment' | 'visit') {
  const key = kind === 'appointment' ? 'appointment_id' : 'visiting_id';
  const table = kind === 'appointment' ? 'appointments' : 'visitings';
  const refresh = async (ctx: HookContext, record: Row) => {
    // The answer carries the amounts (and the version) as they are now.
    const columns = kind === 'appointment' ? ['paid_amount', 'is_paid', 'version', 'updated_at'] : ['paid_amount', 'version', 'updated_at'];
    const { rows } = await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))}
      from ${sql.table(table)} where tenant_id = ${ctx.tenantId} and id = ${record.id}`.execute(ctx.trx);
    Object.assign(record, rows[0]);
  };
  return {
    /** Before the record is written: a payment beyond what will be owed is refused, as is a charge below what was paid. */
    check(ctx: HookContext, input: Input, charged: number, paid: number, chargeField: string): void {
      if (charged + 1e-9 < paid) throw invalidField(chargeField, 'validation.chargeBelowPaid', { paid: grouped(paid) });
      const amount = paymentOf(ctx, input);
      if (amount > 0) refuseAbove('payment', amount, charged - paid);
    },
    /** After it is written: the payment recorded, the paid amounts brought up to date. */
    async after(ctx: HookContext, record: Row, input: Input): Promise<void> {
      const amount = Number(input.payment ?? 0);
      // A payment settles what it paid for; without one, a changed amount or booking may still change it.
      if (amount > 0) await recordPayment(ctx, { patient_id: Number(record.patient_id), amount, method: Number(input.payment_method ?? 0), [key]: record.id });
      else if (kind === 'appointment') await settleAppointment(ctx, record.id);
      else await settleVisit(ctx, record.id);
      await refresh(ctx, record);
    },
  };
}

/**
 * What an encounter was paid: a visit's own payments (`visitId`, none yet when it is being
 * recorded) and its booking's desk payments (`appointmentId`).
 */
export async function paidFor(ctx: HookContext, visitId: number | null, appointmentId: unknown): Promise<number> {
  // A visit being recorded without a booking: nothing can have been paid for it yet.
  if (visitId == null && appointmentId == null) return 0;
  const { rows } = await sql<{ paid: number }>`select coalesce(sum(amount), 0) as paid from payments where tenant_id = ${ctx.tenantId}
    and (visiting_id = ${visitId ?? -1} or appointment_id = ${appointmentId == null ? -1 : Number(appointmentId)})`.execute(ctx.trx);
  return Number(rows[0]?.paid ?? 0);
}

export const paymentHooks: ResourceHooks = {
  async beforeCreate(ctx, input) {
    if (input.visiting_id != null && input.appointment_id != null) throw invalidField('appointment_id', 'validation.paymentOneTarget');
    for (const [field, table] of [['appointment_id', 'appointments'], ['visiting_id', 'visitings']] as const) {
      if (input[field] == null) continue;
      const { rows } = await sql<{ patient_id: number }>`select patient_id from ${sql.table(table)} where tenant_id = ${ctx.tenantId} and id = ${input[field]}`.execute(ctx.trx);
      if (Number(rows[0]?.patient_id) !== Number(input.patient_id)) throw invalidField(field, 'validation.otherPatient');
      await lockEncounter(ctx, { [field]: input[field] });
      refuseAbove('amount', Number(input.amount), await owed(ctx, { [field]: Number(input[field]) }));
    }
    input.date = dayOf(ctx.now);
    input.taken_by = ctx.caller.userId;
  },
  async afterCreate(ctx, record) {
    await bookIncome(ctx, record);
    await settle(ctx, record);
  },
};

/** POST /payments/:id/refund: returns all or part of what is left of a payment, as a row of its own. */
export async function refund(ctx: HookContext, id: number, body: { amount?: number; method?: number; note?: string | null }): Promise<Row> {
  const { rows } = await sql<Row>`select * from payments where tenant_id = ${ctx.tenantId} and id = ${id} for update`.execute(ctx.trx);
  const original = rows[0];
  if (!original) throw new ApiError(404, 'errors.notFound');
  await lockEncounter(ctx, { appointment_id: original.appointment_id, visiting_id: original.visiting_id });
  if (Number(original.amount) < 0) throw invalidField('amount', 'validation.refundOfRefund');
  const { rows: back } = await sql<{ refunded: number }>`select coalesce(-sum(amount), 0) as refunded from payments where tenant_id = ${ctx.tenantId} and refund_of = ${id}`.execute(ctx.trx);
  const left = Math.round((Number(original.amount) - Number(back[0].refunded)) * 100) / 100;
  const amount = body.amount ?? left;
  if (left <= 0) throw invalidField('amount', 'validation.refundedAlready');
  if (amount > left + 1e-9) throw invalidField('amount', 'validation.refundAboveLeft', { left: grouped(left) });
  return recordPayment(ctx, {
    patient_id: Number(original.patient_id),
    amount: -amount,
    method: body.method ?? Number(original.method),
    appointment_id: original.appointment_id as number | null,
    visiting_id: original.visiting_id as number | null,
    refund_of: id,
    note: body.note ?? null,
  });
}

/** Automatic incomes follow their payment: they are changed there (a refund), not here. */
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

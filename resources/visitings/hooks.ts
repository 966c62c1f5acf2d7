// Visits: the doctor is the one recording it, drugs are checked against the patient's allergies
// (allergy-check.ts; list items get the catalog name they had when prescribed: the engine's
// list-items.ts), the plan's visit limit holds, and the payment is kept as the clinic's income
// (payments.ts: once, with the desk's payment of its appointment).
import { sql } from 'kysely';
import { withdrawPending } from '../../src/server/messages/outbox';
import { TENANT_ROLE } from '../../src/shared/roles';
import { invalid } from '../../src/server/http/errors';
import type { HookContext, Input, ResourceHooks } from '../../src/server/engine/hooks';
import { checkVisitLimit } from '../../src/server/modules/plan-limits';
import { defaultDoctorId } from '../appointments/hooks';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { dayOf } from '../../src/server/days';
import { encounterPayments, lockEncounter, paidFor } from '../payments/hooks';
import { checkPrescriptionAllergies } from './allergy-check';

const payments = encounterPayments('visit');

/** A visit's appointment must be the same patient's; gives the appointment's doctor. */
async function checkAppointment(ctx: HookContext, input: Input): Promise<number | null> {
  if (input.appointment_id == null) return null;
  const { rows } = await sql<{ patient_id: number; doctor_id: number | null }>`select patient_id, doctor_id from appointments
    where tenant_id = ${ctx.tenantId} and id = ${input.appointment_id}`.execute(ctx.trx);
  if (rows[0] && Number(rows[0].patient_id) !== Number(input.patient_id)) throw invalid({ appointment_id: [{ key: 'validation.relation' }] });
  return rows[0]?.doctor_id ?? null;
}

async function bookedAmount(ctx: HookContext, appointmentId: unknown): Promise<number> {
  const { rows } = await sql<{ amount: number }>`select amount from appointments where tenant_id = ${ctx.tenantId} and id = ${appointmentId}`.execute(ctx.trx);
  return Number(rows[0]?.amount ?? 0);
}

export const visitingHooks: ResourceHooks = {
  async beforeCreate(ctx, input) {
    input.date ??= dayOf(ctx.now);
    // The visit is the doctor's who records it; other staff record it for the appointment's
    // doctor, or for the Main Doctor when there is no appointment.
    const booked = await checkAppointment(ctx, input);
    const isDoctor = ctx.caller.role === TENANT_ROLE.mainDoctor || ctx.caller.role === TENANT_ROLE.doctor;
    input.doctor_id = isDoctor ? ctx.caller.userId : (booked ?? (await defaultDoctorId(ctx)));
    await checkPrescriptionAllergies(ctx, input, input.patient_id, []);
    if (Number(input.payment ?? 0) > 0) await lockEncounter(ctx, { appointment_id: input.appointment_id });
    const paid = await paidFor(ctx, null, input.appointment_id);
    // A booking paid at the desk: a visit recorded without a fee costs what the booking did.
    if (paid > 0 && !Number(input.fee)) input.fee = await bookedAmount(ctx, input.appointment_id);
    payments.check(ctx, input, Number(input.fee ?? 0), paid, 'fee');
  },
  async afterCreate(ctx, record, input) {
    await payments.after(ctx, record, input);
    // Recording the visit finishes its appointment, in the same transaction: whoever may record
    // a visit ends the appointment too, even without the right to edit appointments.
    if (record.appointment_id != null) {
      await sql`update appointments set status = ${APPOINTMENT_STATUS.done}, updated_at = now()
        where tenant_id = ${ctx.tenantId} and id = ${record.appointment_id}`.execute(ctx.trx);
      // The patient came: a confirmation or reminder still waiting (by hand, say) is not sent.
      await withdrawPending(ctx.trx, ctx.tenantId!, Number(record.appointment_id), ctx.now);
    }
    await checkVisitLimit(ctx);
  },
  async beforeUpdate(ctx, input, existing) {
    if ('appointment_id' in input || 'patient_id' in input) {
      await checkAppointment(ctx, { patient_id: input.patient_id ?? existing.patient_id, appointment_id: 'appointment_id' in input ? input.appointment_id : existing.appointment_id });
    }
    await checkPrescriptionAllergies(ctx, input, input.patient_id ?? existing.patient_id, existing.prescriptions);
    const appointmentId = 'appointment_id' in input ? input.appointment_id : existing.appointment_id;
    if (Number(input.payment ?? 0) > 0) await lockEncounter(ctx, { appointment_id: appointmentId, visiting_id: existing.id });
    payments.check(ctx, input, Number(input.fee ?? existing.fee ?? 0), await paidFor(ctx, existing.id, appointmentId), 'fee');
  },
  async afterUpdate(ctx, record, input) {
    await payments.after(ctx, record, input);
  },
};

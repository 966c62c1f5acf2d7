// Visits: the doctor is the one recording it, list items get the catalog name they had when
// prescribed, the plan's visit limit holds, and the payment is kept as the clinic's income
// (payments.ts: once, with the desk's payment of its appointment).
import { sql } from 'kysely';
import { withdrawPending } from '../messages/outbox';
import { resourceByName } from '../../../resources/index';
import { TENANT_ROLE } from '../../shared/roles';
import type { FieldErrors } from '../http/errors';
import { invalid } from '../http/errors';
import type { HookContext, Input, ResourceHooks } from '../engine/hooks';
import { checkVisitLimit } from './plan-limits';
import { defaultDoctorId } from './appointments';
import { APPOINTMENT_STATUS } from '../../shared/enums';
import { dayOf } from '../days';
import { encounterPayments, lockEncounter, paidFor } from './payments';

const payments = encounterPayments('visit');
import { matchesAllergy } from '../../shared/allergies';

type Item = Record<string, unknown>;

/** Fills each list item's copied fields (name, a drug's strength and form) from its catalog, refusing ids the clinic does not have. */
async function snapshotCatalog(ctx: HookContext, input: Input): Promise<void> {
  const def = resourceByName('visitings');
  const errors: FieldErrors = {};
  for (const [field, spec] of Object.entries(def.fields)) {
    if (spec.type !== 'list' || !Array.isArray(input[field])) continue;
    const [idField, idSpec] = Object.entries(spec.items ?? {}).find(([, f]) => f.type === 'relation') ?? [];
    if (!idField || !idSpec?.relation) continue;
    const items = input[field] as Item[];
    const ids = [...new Set(items.map((i) => Number(i[idField])))];
    if (!ids.length) continue;
    const target = resourceByName(idSpec.relation.resource);
    // Every read-only item field the catalog also has (a drug's name, strength and form) is copied.
    const kept = Object.keys(spec.items ?? {}).filter((k) => spec.items![k].readOnly && k in target.fields);
    const { rows } = await sql<Item & { id: number }>`select ${sql.join(['id', ...kept].map((c) => sql.ref(c)))} from ${sql.table(target.table)}
      where tenant_id = ${ctx.tenantId} and id in (${sql.join(ids)})`.execute(ctx.trx);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    items.forEach((item, index) => {
      const source = byId.get(Number(item[idField]));
      if (source === undefined) errors[`${field}.${index}.${idField}`] = [{ key: 'validation.relation' }];
      else for (const k of kept) item[k] = source[k] ?? null;
    });
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

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

/**
 * Prescribing a drug that matches one of the patient's allergies is refused on that drug's row
 * (422, naming the drug and the allergy) unless `allergy_override` says the doctor was warned.
 * Only newly added drugs are checked: a saved visit's drugs were checked when they were added.
 */
async function checkAllergies(ctx: HookContext, input: Input, patientId: unknown, previous: unknown): Promise<void> {
  const override = input.allergy_override === true;
  delete input.allergy_override;
  if (override || !Array.isArray(input.prescriptions)) return;
  const before = new Set((Array.isArray(previous) ? (previous as Item[]) : []).map((i) => Number(i.drug_id)));
  const fresh = (input.prescriptions as Item[]).map((item, index) => ({ index, id: Number(item.drug_id) })).filter((p) => !before.has(p.id));
  if (!fresh.length) return;
  const { rows: allergies } = await sql<{ substance: string }>`select substance from allergies where tenant_id = ${ctx.tenantId} and patient_id = ${patientId}`.execute(ctx.trx);
  if (!allergies.length) return;
  const { rows: drugs } = await sql<{ id: number; name: string; scientific_name: string | null }>`select id, name, scientific_name from drugs
    where tenant_id = ${ctx.tenantId} and id in (${sql.join(fresh.map((p) => p.id))})`.execute(ctx.trx);
  const errors: FieldErrors = {};
  for (const p of fresh) {
    const drug = drugs.find((d) => Number(d.id) === p.id);
    const allergy = drug && allergies.find((a) => matchesAllergy(drug, a.substance));
    if (drug && allergy) errors[`prescriptions.${p.index}.drug_id`] = [{ key: 'validation.allergyMatch', vars: { drug: drug.name, substance: allergy.substance } }];
  }
  // The way past it is named as a field, so the form knows to offer it.
  if (Object.keys(errors).length) throw invalid({ ...errors, allergy_override: [{ key: 'validation.allergyOverride' }] });
}

export const visitingHooks: ResourceHooks = {
  async beforeCreate(ctx, input) {
    input.date ??= dayOf(ctx.now);
    // The visit is the doctor's who records it; other staff record it for the appointment's
    // doctor, or for the Main Doctor when there is no appointment.
    const booked = await checkAppointment(ctx, input);
    const isDoctor = ctx.caller.role === TENANT_ROLE.mainDoctor || ctx.caller.role === TENANT_ROLE.doctor;
    input.doctor_id = isDoctor ? ctx.caller.userId : (booked ?? (await defaultDoctorId(ctx)));
    await snapshotCatalog(ctx, input);
    await checkAllergies(ctx, input, input.patient_id, []);
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
    await snapshotCatalog(ctx, input);
    await checkAllergies(ctx, input, input.patient_id ?? existing.patient_id, existing.prescriptions);
    const appointmentId = 'appointment_id' in input ? input.appointment_id : existing.appointment_id;
    if (Number(input.payment ?? 0) > 0) await lockEncounter(ctx, { appointment_id: appointmentId, visiting_id: existing.id });
    payments.check(ctx, input, Number(input.fee ?? existing.fee ?? 0), await paidFor(ctx, existing.id, appointmentId), 'fee');
  },
  async afterUpdate(ctx, record, input) {
    await payments.after(ctx, record, input);
  },
};

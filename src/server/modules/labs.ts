// Lab orders and results (issue 40, resources/labs/): an order names its doctor and day and must
// be its visit's patient's; placing it makes an empty result per test and puts the visit's booking
// in "Lab Tracking"; a result takes its test's unit and the range for the patient's sex and age
// on its day, and is flagged outside it (src/shared/labRanges.ts).
import { sql } from 'kysely';
import { APPOINTMENT_STATUS } from '../../shared/enums';
import { type RangeBand, ageInYears, labFlag, rangeFor, rangeText } from '../../shared/labRanges';
import { dayOf } from '../days';
import type { HookContext, Input, ResourceHooks, Row } from '../engine/hooks';
import { invalid } from '../http/errors';
import { defaultDoctorId } from '../../../resources/appointments/hooks';

/** A day column as read (a string, or a Date at midnight UTC) as YYYY-MM-DD. */
const dayText = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

interface TestRow {
  id: number;
  unit: string | null;
  low: string | null;
  high: string | null;
  ranges: RangeBand[] | null;
}

/** The unit, the range text and the flag of a value of this test for this patient on this day. */
async function judge(ctx: HookContext, patientId: unknown, testId: unknown, value: unknown, day: string): Promise<{ unit: string | null; reference: string | null; flag: string | null }> {
  const { rows: tests } = await sql<TestRow>`select id, unit, low, high, ranges from lab_tests where tenant_id = ${ctx.tenantId} and id = ${testId}`.execute(ctx.trx);
  const { rows: patients } = await sql<{ gender: number | null; date_of_birth: unknown }>`select gender, date_of_birth from patients where tenant_id = ${ctx.tenantId} and id = ${patientId}`.execute(ctx.trx);
  const test = tests[0];
  if (!test) return { unit: null, reference: null, flag: null };
  const patient = patients[0];
  const range = rangeFor(test, patient?.gender ?? null, ageInYears(patient?.date_of_birth, day));
  return { unit: test.unit, reference: rangeText(range) || null, flag: labFlag(value, range) };
}

/** The visit's patient and booking; an order from a visit is for that visit's patient. */
async function checkVisit(ctx: HookContext, patientId: unknown, visitId: unknown): Promise<{ appointment_id: number | null; doctor_id: number | null } | null> {
  if (visitId == null) return null;
  const { rows } = await sql<{ patient_id: number; appointment_id: number | null; doctor_id: number | null }>`select patient_id, appointment_id, doctor_id from visitings
    where tenant_id = ${ctx.tenantId} and id = ${visitId}`.execute(ctx.trx);
  if (rows[0] && Number(rows[0].patient_id) !== Number(patientId)) throw invalid({ visiting_id: [{ key: 'validation.relation' }] });
  return rows[0] ?? null;
}

/** An empty result for each test of the order that has none yet. */
async function addResults(ctx: HookContext, order: Row): Promise<void> {
  const tests = Array.isArray(order.tests) ? (order.tests as { lab_test_id: number }[]) : [];
  const { rows: have } = await sql<{ lab_test_id: number }>`select lab_test_id from lab_results where tenant_id = ${ctx.tenantId} and lab_order_id = ${order.id}`.execute(ctx.trx);
  const held = new Set(have.map((r) => Number(r.lab_test_id)));
  const day = order.ordered_on == null ? dayOf(ctx.now) : dayText(order.ordered_on);
  for (const testId of [...new Set(tests.map((t) => Number(t.lab_test_id)))].filter((id) => !held.has(id))) {
    const { unit, reference } = await judge(ctx, order.patient_id, testId, null, day);
    await sql`insert into lab_results (tenant_id, patient_id, lab_order_id, lab_test_id, unit, reference)
      values (${ctx.tenantId}, ${order.patient_id}, ${order.id}, ${testId}, ${unit}, ${reference})`.execute(ctx.trx);
  }
}

export const labOrderHooks: ResourceHooks = {
  async beforeCreate(ctx, input) {
    input.ordered_on ??= dayOf(ctx.now);
    const visit = await checkVisit(ctx, input.patient_id, input.visiting_id);
    input.doctor_id = visit?.doctor_id ?? (await defaultDoctorId(ctx));
  },
  async afterCreate(ctx, record) {
    await addResults(ctx, record);
    // The booking the tests were ordered at waits for them: "Lab Tracking" on the calendar.
    const visit = await checkVisit(ctx, record.patient_id, record.visiting_id);
    if (visit?.appointment_id != null) {
      await sql`update appointments set status = ${APPOINTMENT_STATUS.lab}, updated_at = now()
        where tenant_id = ${ctx.tenantId} and id = ${visit.appointment_id}`.execute(ctx.trx);
    }
  },
  async beforeUpdate(ctx, input, existing) {
    if ('visiting_id' in input || 'patient_id' in input) await checkVisit(ctx, input.patient_id ?? existing.patient_id, 'visiting_id' in input ? input.visiting_id : existing.visiting_id);
  },
  async afterUpdate(ctx, record) {
    await addResults(ctx, record);
  },
};

async function judgeResult(ctx: HookContext, input: Input, existing: Row | null): Promise<void> {
  const merged = { ...existing, ...input };
  if (input.value != null) input.resulted_on ??= existing?.resulted_on ?? dayOf(ctx.now);
  const day = merged.resulted_on == null ? dayOf(ctx.now) : dayText(merged.resulted_on);
  Object.assign(input, await judge(ctx, merged.patient_id, merged.lab_test_id, merged.value, day));
}

export const labResultHooks: ResourceHooks = {
  beforeCreate: (ctx, input) => judgeResult(ctx, input, null),
  beforeUpdate: (ctx, input, existing) => judgeResult(ctx, input, existing),
};

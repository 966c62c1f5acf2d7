// Lab orders and results (issue 40, resources/labs/): an order names its doctor and day and must
// be its visit's patient's; placing it makes an empty result per test and puts the visit's booking
// in "Lab Tracking", and the booking leaves it once every result is in. A test's result is a
// number (its unit and the range for the patient's sex and age on its day, flagged outside it) or
// a text (flagged when not one of the test's normal answers): src/shared/labRanges.ts.
import { sql } from 'kysely';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { type RangeBand, type ResultKind, ageInYears, labFlag, normalAnswers, rangeFor, rangeText, textFlag } from '../../src/shared/labRanges';
import { dayOf } from '../../src/server/days';
import type { HookContext, Input, ResourceHooks, Row } from '../../src/server/engine/hooks';
import { invalid } from '../../src/server/http/errors';
import { defaultDoctorId } from '../appointments/hooks';

/** A day column as read (a string, or a Date at midnight UTC) as YYYY-MM-DD. */
const dayText = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

interface TestRow {
  id: number;
  result_kind: ResultKind;
  unit: string | null;
  low: string | null;
  high: string | null;
  ranges: RangeBand[] | null;
  answers: unknown;
}

interface Judged {
  unit: string | null;
  reference: string | null;
  flag: string | null;
}

async function testOf(ctx: HookContext, testId: unknown): Promise<TestRow | null> {
  const { rows } = await sql<TestRow>`select id, result_kind, unit, low, high, ranges, answers from lab_tests where tenant_id = ${ctx.tenantId} and id = ${testId}`.execute(ctx.trx);
  return rows[0] ?? null;
}

/** The unit, the reference (range or normal answers) and the flag of a result of this test for this patient on this day. */
async function judge(ctx: HookContext, patientId: unknown, test: TestRow | null, result: { value?: unknown; value_text?: unknown }, day: string): Promise<Judged> {
  if (!test) return { unit: null, reference: null, flag: null };
  if (test.result_kind === 'text') {
    const normal = normalAnswers(test.answers);
    return { unit: null, reference: normal.join(' / ') || null, flag: textFlag(result.value_text, normal) };
  }
  const { rows: patients } = await sql<{ gender: number | null; date_of_birth: unknown }>`select gender, date_of_birth from patients where tenant_id = ${ctx.tenantId} and id = ${patientId}`.execute(ctx.trx);
  const patient = patients[0];
  const range = rangeFor(test, patient?.gender ?? null, ageInYears(patient?.date_of_birth, day));
  return { unit: test.unit, reference: rangeText(range) || null, flag: labFlag(result.value, range) };
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
    const { unit, reference } = await judge(ctx, order.patient_id, await testOf(ctx, testId), {}, day);
    await sql`insert into lab_results (tenant_id, patient_id, lab_order_id, lab_test_id, unit, reference)
      values (${ctx.tenantId}, ${order.patient_id}, ${order.id}, ${testId}, ${unit}, ${reference})`.execute(ctx.trx);
  }
}

/** A booking's status and the status its earliest order took it from (orders placed at it before). */
async function bookingOf(ctx: HookContext, appointmentId: number): Promise<{ status: number; before: number | null } | null> {
  const { rows } = await sql<{ status: number; before: number | null }>`select a.status,
      (select o.booking_status from lab_orders o join visitings v on v.tenant_id = o.tenant_id and v.id = o.visiting_id
        where o.tenant_id = a.tenant_id and v.appointment_id = a.id and o.booking_status is not null order by o.id limit 1) as before
    from appointments a where a.tenant_id = ${ctx.tenantId} and a.id = ${appointmentId}`.execute(ctx.trx);
  return rows[0] ? { status: Number(rows[0].status), before: rows[0].before == null ? null : Number(rows[0].before) } : null;
}

/**
 * Once the last result of the orders placed at a booking is in, the booking leaves "Lab Tracking"
 * for the status the first of those orders took it from (kept on the order as booking_status): a
 * visit recorded at it had made it Done, so usually Done again; Done too when none was kept (it was
 * in Lab Tracking by hand before). A booking someone has moved out of Lab Tracking meanwhile is left
 * as they set it.
 */
async function leaveLabTracking(ctx: HookContext, orderId: unknown): Promise<void> {
  if (orderId == null) return;
  const { rows } = await sql<{ appointment_id: number | null }>`select v.appointment_id from lab_orders o join visitings v on v.tenant_id = o.tenant_id and v.id = o.visiting_id
    where o.tenant_id = ${ctx.tenantId} and o.id = ${orderId}`.execute(ctx.trx);
  const appointmentId = rows[0]?.appointment_id;
  if (appointmentId == null) return;
  const booking = await bookingOf(ctx, Number(appointmentId));
  if (booking?.status !== APPOINTMENT_STATUS.lab) return;
  const { rows: waiting } = await sql<{ n: number }>`select count(*)::int as n from lab_results r
      join lab_orders o on o.tenant_id = r.tenant_id and o.id = r.lab_order_id
      join visitings v on v.tenant_id = o.tenant_id and v.id = o.visiting_id
    where r.tenant_id = ${ctx.tenantId} and v.appointment_id = ${appointmentId} and r.value is null and r.value_text is null`.execute(ctx.trx);
  if (Number(waiting[0]?.n) > 0) return;
  await sql`update appointments set status = ${booking.before ?? APPOINTMENT_STATUS.done}, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${appointmentId}`.execute(ctx.trx);
}

export const labOrderHooks: ResourceHooks = {
  async beforeCreate(ctx, input) {
    input.ordered_on ??= dayOf(ctx.now);
    const visit = await checkVisit(ctx, input.patient_id, input.visiting_id);
    input.doctor_id = visit?.doctor_id ?? (await defaultDoctorId(ctx));
    // What the booking goes back to when the results are in: its status now, unless an earlier
    // order already put it in Lab Tracking (that order keeps what it was before).
    const booking = visit?.appointment_id != null ? await bookingOf(ctx, Number(visit.appointment_id)) : null;
    input.booking_status = booking && booking.status !== APPOINTMENT_STATUS.lab ? booking.status : null;
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

/** What only a number's test holds, and what only a text's. */
const NUMBER_ONLY = ['unit', 'low', 'high', 'ranges'] as const;
const TEXT_ONLY = ['answers'] as const;

/**
 * A catalog test holds what its kind uses: a range sent for a text test, or normal answers for a
 * number's, is refused on the field; changing the kind clears what the other kind held.
 */
function checkTestKind(input: Input, existing: Row | null): void {
  const kind = (input.result_kind ?? existing?.result_kind ?? 'number') as ResultKind;
  const foreign = kind === 'text' ? NUMBER_ONLY : TEXT_ONLY;
  const sent = foreign.filter((f) => present(input[f]));
  if (sent.length) throw invalid(Object.fromEntries(sent.map((f) => [f, [{ key: kind === 'text' ? 'validation.labNumberOnly' : 'validation.labTextOnly' }]])));
  if (existing && input.result_kind !== undefined && input.result_kind !== existing.result_kind) {
    for (const f of foreign) if (present(existing[f])) input[f] = f === 'ranges' || f === 'answers' ? [] : null;
  }
}

export const labTestHooks: ResourceHooks = {
  beforeCreate: (_ctx, input) => checkTestKind(input, null),
  beforeUpdate: (_ctx, input, existing) => checkTestKind(input, existing),
};

/** A result holds what its test's kind says (a number or a text), is dated when it comes in, and is judged. */
async function judgeResult(ctx: HookContext, input: Input, existing: Row | null): Promise<void> {
  if (typeof input.value_text === 'string') input.value_text = input.value_text.trim() || null;
  const merged = { ...existing, ...input };
  const test = await testOf(ctx, merged.lab_test_id);
  const kind = test?.result_kind ?? 'number';
  // A value of the other kind is refused where it was sent; one held from before the test changed kind is cleared.
  const wrong = kind === 'text' ? 'value' : 'value_text';
  if (present(input[wrong])) throw invalid({ [wrong]: [{ key: kind === 'text' ? 'validation.labResultText' : 'validation.labResultNumber' }] });
  if (present(merged[wrong])) input[wrong] = merged[wrong] = null;
  if (present(input.value) || present(input.value_text)) input.resulted_on ??= existing?.resulted_on ?? dayOf(ctx.now);
  const day = merged.resulted_on == null ? dayOf(ctx.now) : dayText(merged.resulted_on);
  Object.assign(input, await judge(ctx, merged.patient_id, test, { value: merged.value, value_text: merged.value_text }, day));
}

export const labResultHooks: ResourceHooks = {
  beforeCreate: (ctx, input) => judgeResult(ctx, input, null),
  beforeUpdate: (ctx, input, existing) => judgeResult(ctx, input, existing),
  afterCreate: (ctx, record) => leaveLabTracking(ctx, record.lab_order_id),
  afterUpdate: (ctx, record) => leaveLabTracking(ctx, record.lab_order_id),
};

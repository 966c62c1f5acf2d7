// One money model: the payments ledger. A payment at the desk, with a visit, or on its own, and
// every refund, is one row with its receipt number and exactly one income in the accounts; a
// booking's and a visit's paid amounts, the patient's balance and the day's cash report follow
// from the rows, and nothing is ever paid beyond what is charged.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { INCOME_SOURCE, PAYMENT_METHOD } from '../../src/shared/enums';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord, tokenFor } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  token = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

interface Income {
  id: number;
  amount: number;
  source: number;
  note: string | null;
  category: string | null;
  payment_id: number | null;
}
interface Payment {
  id: number;
  amount: number;
  method: number;
  receipt_number: number;
  refund_of: number | null;
  appointment_id: number | null;
  visiting_id: number | null;
  date: string;
}
interface Booking {
  id: number;
  paid_amount: number;
  is_paid: boolean;
  version: number;
}

let day = 0;
/** An appointment of a new patient on a day of its own (no overlaps between tests). */
async function booking(body: Record<string, unknown> = {}) {
  const patient = await createRecord(t, resourceByName('patients'), DEMO);
  day += 1;
  const date = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const res = await t.call('POST', '/appointments', { host: DEMO, token, body: { patient_id: patient.id, date, time: '10:00', amount: 20000, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { patient, appointment: res.body.data as Booking };
}

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { host: DEMO, token, body });
const incomesOf = async (patientId: number) => (await call('GET', `/incomes?filter[patient_id]=${patientId}&per_page=100&sort=id`)).body.data as Income[];
const paymentsOf = async (patientId: number) => (await call('GET', `/payments?filter[patient_id]=${patientId}&per_page=100&sort=id`)).body.data as Payment[];
const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + Number(r.amount), 0);

/** The ledger and the accounts agree, row for row, for this patient. */
async function expectOnce(patientId: number) {
  const payments = await paymentsOf(patientId);
  const incomes = (await incomesOf(patientId)).filter((i) => i.source !== INCOME_SOURCE.manual);
  expect(incomes.map((i) => [i.payment_id, Number(i.amount)])).toEqual(payments.map((p) => [p.id, Number(p.amount)]));
}

describe('the payments ledger', () => {
  it('a booking paid in two parts at the desk: two receipts, two incomes, paid in full after the second', async () => {
    const { patient, appointment } = await booking({ payment: 5000, payment_method: PAYMENT_METHOD.card });
    expect(appointment).toMatchObject({ paid_amount: 5000, is_paid: false });
    const second = await call('PATCH', `/appointments/${appointment.id}`, { payment: 15000 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toMatchObject({ paid_amount: 20000, is_paid: true });
    // The answer carries the version the record has now: saving it again is no conflict.
    const shown = await call('GET', `/appointments/${appointment.id}`);
    expect((shown.body.data as Booking).version).toBe((second.body.data as Booking).version);

    const payments = await paymentsOf(patient.id);
    expect(payments.map((p) => [Number(p.amount), p.method, p.appointment_id])).toEqual([
      [5000, PAYMENT_METHOD.card, appointment.id],
      [15000, PAYMENT_METHOD.cash, appointment.id],
    ]);
    expect(payments[1].receipt_number).toBeGreaterThan(payments[0].receipt_number);
    const incomes = await incomesOf(patient.id);
    expect(incomes.map((i) => i.source)).toEqual([INCOME_SOURCE.appointment, INCOME_SOURCE.appointment]);
    await expectOnce(patient.id);
  });

  it('more than is owed is refused on the field, naming what is left, and nothing is written', async () => {
    const { patient, appointment } = await booking({ payment: 15000 });
    const over = await call('PATCH', `/appointments/${appointment.id}`, { payment: 6000 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ payment: [expect.stringContaining('5,000')] });
    const standalone = await call('POST', '/payments', { patient_id: patient.id, amount: 6000, appointment_id: appointment.id });
    expect(standalone.status).toBe(422);
    expect(Object.keys(standalone.body.errors ?? {})).toEqual(['amount']);
    expect((await paymentsOf(patient.id)).map((p) => Number(p.amount))).toEqual([15000]);
    // The amount may not drop below what was paid either.
    const lower = await call('PATCH', `/appointments/${appointment.id}`, { amount: 10000 });
    expect(lower.status).toBe(422);
  });

  it('paying at the desk, then the rest with the visit: the encounter paid once in all', async () => {
    const { patient, appointment } = await booking({ payment: 20000 });
    const visit = await call('POST', '/visitings', { patient_id: patient.id, appointment_id: appointment.id, fee: 25000, payment: 5000 });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    expect(visit.body.data).toMatchObject({ paid_amount: 25000 });
    expect(sum(await incomesOf(patient.id))).toBe(25000);
    expect((await incomesOf(patient.id)).map((i) => i.source)).toEqual([INCOME_SOURCE.appointment, INCOME_SOURCE.visit]);
    await expectOnce(patient.id);
    // A visit recorded for a paid booking without a fee costs what the booking did.
    const other = await booking({ payment: 20000 });
    const plain = await call('POST', '/visitings', { patient_id: other.patient.id, appointment_id: other.appointment.id });
    expect(plain.body.data).toMatchObject({ fee: 20000, paid_amount: 20000 });
  });

  it('a refund is a row of its own: negative, numbered, one negative income, at most what is left', async () => {
    const { patient, appointment } = await booking({ payment: 20000 });
    const [paid] = await paymentsOf(patient.id);
    const back = await call('POST', `/payments/${paid.id}/refund`, { amount: 8000, note: 'Lab test not done' });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.data).toMatchObject({ amount: -8000, refund_of: paid.id, appointment_id: appointment.id, method: paid.method });
    expect((back.body.data as Payment).receipt_number).toBeGreaterThan(paid.receipt_number);
    expect((await call('GET', `/appointments/${appointment.id}`)).body.data).toMatchObject({ paid_amount: 12000, is_paid: false });
    const incomes = await incomesOf(patient.id);
    expect(incomes.map((i) => [Number(i.amount), i.source])).toEqual([
      [20000, INCOME_SOURCE.appointment],
      [-8000, INCOME_SOURCE.refund],
    ]);
    await expectOnce(patient.id);

    const tooMuch = await call('POST', `/payments/${paid.id}/refund`, { amount: 12001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors?.amount[0]).toContain('12,000');
    expect((await call('POST', `/payments/${(back.body.data as Payment).id}/refund`, {})).status).toBe(422);
    // The rest, without naming it: then nothing is left to refund.
    expect((await call('POST', `/payments/${paid.id}/refund`, {})).body.data).toMatchObject({ amount: -12000 });
    expect((await call('POST', `/payments/${paid.id}/refund`, {})).status).toBe(422);
    expect(sum(await paymentsOf(patient.id))).toBe(0);
  });

  it('a payment never changes its money and is never deleted; its note may be corrected', async () => {
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const made = await call('POST', '/payments', { patient_id: patient.id, amount: 7000, method: PAYMENT_METHOD.wallet });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const p = made.body.data as Payment;
    const edit = await call('PATCH', `/payments/${p.id}`, { amount: 700 });
    expect(edit.status).toBe(422);
    expect(Object.keys(edit.body.errors ?? {})).toEqual(['amount']);
    expect((await call('PATCH', `/payments/${p.id}`, { note: 'FIB transfer 55120' })).status).toBe(200);
    expect([404, 405]).toContain((await call('DELETE', `/payments/${p.id}`)).status);
    expect((await paymentsOf(patient.id)).map((x) => Number(x.amount))).toEqual([7000]);
    // The database itself refuses the app role a delete.
    const [{ privilege }] = (await sql<{ privilege: boolean }>`select has_table_privilege('clinic_app', 'payments', 'DELETE') as privilege`.execute(t.db.kysely)).rows;
    expect(privilege).toBe(false);
  });

  it("a patient's balance: fees and attended bookings, less what was paid net of refunds", async () => {
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    await call('POST', '/visitings', { patient_id: patient.id, fee: 30000, payment: 10000 });
    const balance = async () => (await call('GET', `/patients/${patient.id}/balance`)).body.data;
    expect(await balance()).toEqual({ charged: 30000, paid: 10000, balance: 20000 });
    const toward = await call('POST', '/payments', { patient_id: patient.id, amount: 5000 });
    expect(toward.status).toBe(201);
    expect((await incomesOf(patient.id)).map((i) => i.source)).toEqual([INCOME_SOURCE.visit, INCOME_SOURCE.payment]);
    expect(await balance()).toEqual({ charged: 30000, paid: 15000, balance: 15000 });
    await call('POST', `/payments/${(toward.body.data as Payment).id}/refund`, { amount: 2000 });
    expect(await balance()).toEqual({ charged: 30000, paid: 13000, balance: 17000 });
  });

  it("the day's cash report: payments, refunds and net by method and by who took them", async () => {
    type Totals = { payments: number; refunds: number; net: number };
    type Report = { total: Totals; methods: (Totals & { method: number })[]; staff: { name: string }[] };
    const before = (await call('GET', '/payments/daily')).body.data as Report;
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const cash = await call('POST', '/payments', { patient_id: patient.id, amount: 4000, method: PAYMENT_METHOD.cash });
    await call('POST', '/payments', { patient_id: patient.id, amount: 6000, method: PAYMENT_METHOD.transfer });
    await call('POST', `/payments/${(cash.body.data as Payment).id}/refund`, { amount: 1000 });
    const after = (await call('GET', '/payments/daily')).body.data as Report;
    const method = (report: Report, m: number) => report.methods.find((x) => x.method === m)!;
    expect(method(after, PAYMENT_METHOD.cash).net - method(before, PAYMENT_METHOD.cash).net).toBe(3000);
    expect(method(after, PAYMENT_METHOD.cash).refunds - method(before, PAYMENT_METHOD.cash).refunds).toBe(1000);
    expect(method(after, PAYMENT_METHOD.transfer).payments - method(before, PAYMENT_METHOD.transfer).payments).toBe(6000);
    expect(after.total.net - before.total.net).toBe(9000);
    expect(after.staff.some((s) => s.name === 'Dr. Hawre Salih')).toBe(true);
    expect((await call('GET', '/payments/daily?date=yesterday')).status).toBe(422);
  });

  it('across the whole clinic, every payment is exactly one income of the same amount', async () => {
    const { rows } = await sql<{ payments: number; incomes: number; orphans: number }>`select
      (select count(*) from payments) as payments,
      (select count(*) from incomes where payment_id is not null) as incomes,
      (select count(*) from payments p where (select count(*) from incomes i where i.tenant_id = p.tenant_id and i.payment_id = p.id and i.amount = p.amount) <> 1) as orphans`.execute(t.db.kysely);
    expect(Number(rows[0].payments)).toBeGreaterThan(0);
    expect(Number(rows[0].incomes)).toBe(Number(rows[0].payments));
    expect(Number(rows[0].orphans)).toBe(0);
  });

  it('automatic incomes are changed through their payment, manual ones freely', async () => {
    const { patient } = await booking({ payment: 20000 });
    const [income] = await incomesOf(patient.id);
    const edit = await call('PATCH', `/incomes/${income.id}`, { amount: 1 });
    expect(edit.status).toBe(422);
    expect(Object.keys(edit.body.errors ?? {})).toEqual(['amount']);
    expect((await call('PATCH', `/incomes/${income.id}`, { note: 'cash' })).status).toBe(200);
    expect((await call('DELETE', `/incomes/${income.id}`)).status).toBe(409);
    const manual = await call('POST', '/incomes', { amount: 5000, date: '2027-02-01', note: 'Certificate' });
    expect((manual.body.data as Income).source).toBe(INCOME_SOURCE.manual);
    expect((await call('DELETE', `/incomes/${(manual.body.data as Income).id}`)).status).toBe(204);
  });

  it.each([
    ['with the booking', 'payment', (patientId: number, appointmentId: number) => call('PATCH', `/appointments/${appointmentId}`, { payment: 15000 })],
    ['from the payments list', 'amount', (patientId: number, appointmentId: number) => call('POST', '/payments', { patient_id: patientId, appointment_id: appointmentId, amount: 15000 })],
  ] as const)('two desks paying the same booking at once (%s) never take more than it costs', async (_how, field, pay) => {
    const { patient, appointment } = await booking();
    const results = await Promise.all([pay(patient.id, appointment.id), pay(patient.id, appointment.id)]);
    expect(results.filter((r) => r.status < 300)).toHaveLength(1);
    // The second is told on its field what is left, as if it had come after the first.
    const refused = results.find((r) => r.status >= 300)!;
    expect([refused.status, Object.keys(refused.body.errors ?? {})]).toEqual([422, [field]]);
    expect(refused.body.errors?.[field]?.[0]).toContain('5,000');
    expect((await paymentsOf(patient.id)).map((p) => Number(p.amount))).toEqual([15000]);
    expect((await call('GET', `/appointments/${appointment.id}`)).body.data).toMatchObject({ paid_amount: 15000 });
    await expectOnce(patient.id);
  });

  it('a paid booking cannot be deleted out from under its payment', async () => {
    const { appointment } = await booking({ payment: 20000 });
    expect((await call('DELETE', `/appointments/${appointment.id}`)).status).toBe(409);
  });

  it('another clinic never sees the payment, its refund route or the balance', async () => {
    const { patient } = await booking({ payment: 20000 });
    const [payment] = await paymentsOf(patient.id);
    const theirs = await tokenFor(t, resourceByName('payments'), OTHER);
    expect((await t.call('GET', `/payments/${payment.id}`, { host: OTHER, token: theirs })).status).toBe(404);
    expect((await t.call('POST', `/payments/${payment.id}/refund`, { host: OTHER, token: theirs, body: {} })).status).toBe(404);
    expect((await t.call('GET', `/patients/${patient.id}/balance`, { host: OTHER, token: theirs })).status).toBe(404);
  });
});

// One money model: a payment at the desk and a visit's payment each reach the accounts, once,
// whatever order they happen in and however they are edited; automatic incomes carry no text of
// any one language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { INCOME_SOURCE } from '../../src/shared/enums';
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
  appointment_id: number | null;
  visiting_id: number | null;
}

let day = 0;
/** An appointment of a new patient on a day of its own (no overlaps between tests). */
async function booking(body: Record<string, unknown> = {}) {
  const patient = await createRecord(t, resourceByName('patients'), DEMO);
  day += 1;
  const date = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const res = await t.call('POST', '/appointments', { host: DEMO, token, body: { patient_id: patient.id, date, time: '10:00', amount: 20000, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { patient, appointment: res.body.data as { id: number; paid_amount: number; is_paid: boolean } };
}

async function incomesOf(patientId: number): Promise<Income[]> {
  const res = await t.call('GET', `/incomes?filter[patient_id]=${patientId}&per_page=100`, { host: DEMO, token });
  return res.body.data as Income[];
}

const sum = (rows: Income[]) => rows.reduce((s, r) => s + Number(r.amount), 0);

describe('money at the desk and in the visit', () => {
  it('a desk payment is one income, adjusted by edits and removed when un-paid', async () => {
    const { patient, appointment } = await booking({ is_paid: true });
    expect(Number(appointment.paid_amount)).toBe(20000); // paid, no amount given: paid in full
    let rows = await incomesOf(patient.id);
    expect(rows.map((r) => [Number(r.amount), r.source, r.appointment_id])).toEqual([[20000, INCOME_SOURCE.appointment, appointment.id]]);

    await t.call('PATCH', `/appointments/${appointment.id}`, { host: DEMO, token, body: { paid_amount: 15000 } });
    rows = await incomesOf(patient.id);
    expect(rows.map((r) => Number(r.amount))).toEqual([15000]);

    await t.call('PATCH', `/appointments/${appointment.id}`, { host: DEMO, token, body: { is_paid: false } });
    expect(await incomesOf(patient.id)).toEqual([]);
  });

  it('paying at the desk and then recording the visit with the same payment counts the money once', async () => {
    const { patient, appointment } = await booking({ is_paid: true, paid_amount: 20000 });
    const visit = await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id, appointment_id: appointment.id, fee: 25000, paid_amount: 25000 } });
    expect(visit.status).toBe(201);
    const rows = await incomesOf(patient.id);
    // 20,000 at the desk, 5,000 more at the visit: 25,000 in all.
    expect(sum(rows)).toBe(25000);
    expect(rows.map((r) => r.source).sort()).toEqual([INCOME_SOURCE.visit, INCOME_SOURCE.appointment]);
  });

  it('recording the visit first and paying at the desk afterwards still counts once', async () => {
    const { patient, appointment } = await booking();
    const visit = await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id, appointment_id: appointment.id, fee: 20000, paid_amount: 20000 } });
    expect(sum(await incomesOf(patient.id))).toBe(20000);
    // The secretary marks the appointment paid later: the same money, not more.
    await t.call('PATCH', `/appointments/${appointment.id}`, { host: DEMO, token, body: { is_paid: true } });
    expect(sum(await incomesOf(patient.id))).toBe(20000);
    // The visit's payment corrected down: the desk's 20,000 still stands.
    await t.call('PATCH', `/visitings/${(visit.body.data as { id: number }).id}`, { host: DEMO, token, body: { paid_amount: 10000 } });
    expect(sum(await incomesOf(patient.id))).toBe(20000);
    // Un-paid at the desk: what the visit says was paid remains.
    await t.call('PATCH', `/appointments/${appointment.id}`, { host: DEMO, token, body: { is_paid: false } });
    expect(sum(await incomesOf(patient.id))).toBe(10000);
  });

  it('a visit without an appointment is its own income, in no language', async () => {
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id, fee: 30000, paid_amount: 30000 } });
    const rows = await incomesOf(patient.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: INCOME_SOURCE.visit, note: null, category: null });
  });

  it('automatic incomes are changed through what made them, manual ones freely', async () => {
    const { patient } = await booking({ is_paid: true });
    const [income] = await incomesOf(patient.id);
    const edit = await t.call('PATCH', `/incomes/${income.id}`, { host: DEMO, token, body: { amount: 1 } });
    expect(edit.status).toBe(422);
    expect(Object.keys(edit.body.errors ?? {})).toEqual(['amount']);
    expect((await t.call('PATCH', `/incomes/${income.id}`, { host: DEMO, token, body: { note: 'cash' } })).status).toBe(200);
    expect((await t.call('DELETE', `/incomes/${income.id}`, { host: DEMO, token })).status).toBe(409);
    const manual = await t.call('POST', '/incomes', { host: DEMO, token, body: { amount: 5000, date: '2027-02-01', note: 'Certificate' } });
    expect((manual.body.data as Income).source).toBe(INCOME_SOURCE.manual);
    expect((await t.call('DELETE', `/incomes/${(manual.body.data as Income).id}`, { host: DEMO, token })).status).toBe(204);
  });

  it('a paid appointment cannot be deleted out from under its income', async () => {
    const { appointment } = await booking({ is_paid: true });
    expect((await t.call('DELETE', `/appointments/${appointment.id}`, { host: DEMO, token })).status).toBe(409);
  });

  it("another clinic never sees the income", async () => {
    const { patient } = await booking({ is_paid: true });
    const [income] = await incomesOf(patient.id);
    const def = resourceByName('incomes');
    const theirs = await tokenFor(t, def, OTHER);
    expect((await t.call('GET', `/incomes/${income.id}`, { host: OTHER, token: theirs })).status).toBe(404);
  });
});

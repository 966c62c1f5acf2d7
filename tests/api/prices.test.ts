// The price list (issue 19): every staff member reads it, those with the accounting permission
// keep it; a booking's or a visit's service fills its amount or fee (FieldDef.fill) unless one is
// given, a change keeps a discount unless the service changes, and another clinic's price is
// refused on the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';

let t: TestApp;
let doctor: string;
let secretary: string;
let patientId: number;
let consultation: { id: number; price: string };
let followUp: { id: number; price: string };

beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  doctor = await t.login(DEMO, 'doctor');
  secretary = await t.login(DEMO, 'secretary');
  const prices = (await t.call('GET', '/prices?sort=name', { host: DEMO, token: secretary })).body.data as { id: number; name: string; price: string }[];
  consultation = prices.find((p) => p.name === 'Consultation')!;
  followUp = prices.find((p) => p.name === 'Follow-up visit')!;
  const patient = await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: 'Price List', gender: 0 } });
  patientId = (patient.body.data as { id: number }).id;
});
afterAll(() => t?.close());

let minute = 0;
const book = (body: Record<string, unknown>) => {
  minute += 15;
  const time = `${String(6 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, date: '2031-06-02', time, ...body } });
};

describe('the price list', () => {
  it('is read by every staff member and kept by the accounting permission', async () => {
    expect(Number(consultation.price)).toBe(25000);
    const refused = await t.call('POST', '/prices', { host: DEMO, token: secretary, body: { name: 'Home visit', price: 50000 } });
    expect(refused.status).toBe(403);
    const made = await t.call('POST', '/prices', { host: DEMO, token: doctor, body: { name: 'Home visit', price: 50000 } });
    expect(made.status).toBe(201);
  });

  it("fills a booking's amount from its service unless one is given, and keeps a discount until the service changes", async () => {
    const filled = await book({ service_id: consultation.id });
    expect(filled.status, JSON.stringify(filled.body)).toBe(201);
    const appointment = filled.body.data as { id: number; amount: string };
    expect(Number(appointment.amount)).toBe(25000);
    const discounted = await book({ service_id: consultation.id, amount: 20000 });
    expect(Number((discounted.body.data as { amount: string }).amount)).toBe(20000);

    const id = (discounted.body.data as { id: number }).id;
    const same = await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: secretary, body: { service_id: consultation.id, referral: 'kept' } });
    expect(Number((same.body.data as { amount: string }).amount)).toBe(20000);
    const changed = await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: secretary, body: { service_id: followUp.id } });
    expect(Number((changed.body.data as { amount: string }).amount)).toBe(10000);
    // Paid more than the service's price: refused on the field, as for an amount typed.
    const overpaid = await book({ service_id: followUp.id, payment: 15000 });
    expect(overpaid.status).toBe(422);
    expect(Object.keys(overpaid.body.errors ?? {})).toContain('payment');
  });

  it("fills a visit's fee from its service, and the payment reaches the accounts once", async () => {
    const visit = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patientId, service_id: followUp.id, payment: 10000 } });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    const v = visit.body.data as { id: number; fee: string };
    expect(Number(v.fee)).toBe(10000);
    const incomes = await t.call('GET', `/incomes?filter[visiting_id]=${v.id}`, { host: DEMO, token: doctor });
    expect((incomes.body.data as { amount: string }[]).map((i) => Number(i.amount))).toEqual([10000]);
  });

  it("refuses another clinic's price on the service field", async () => {
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    const theirs = await t.call('POST', '/prices', { host: OTHER, token: boss, body: { name: 'Consultation', price: 99000 } });
    expect(theirs.status).toBe(201);
    const res = await book({ service_id: (theirs.body.data as { id: number }).id });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['service_id']);
  });
});

// The clinic's custom endpoints: accounting result, dashboard, start-up data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let doctor: string;
beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

describe('accounting result', () => {
  it('totals incomes and expenses per month and the profit, for the year asked', async () => {
    const add = (path: string, amount: number, date: string) => t.call('POST', `/${path}`, { host: DEMO, token: doctor, body: { amount, date } });
    await add('incomes', 100.5, '2019-02-03');
    await add('incomes', 50, '2019-02-20');
    await add('expenses', 30.25, '2019-02-10');
    await add('expenses', 80, '2019-12-31');
    await add('incomes', 999, '2020-01-01'); // next year: not counted
    const res = await t.call('GET', '/accounting?year=2019', { host: DEMO, token: doctor });
    expect(res.status).toBe(200);
    const data = res.body.data as { months: { month: number; incomes: number; expenses: number; profit: number }[]; totals: Record<string, number> };
    expect(data.months).toHaveLength(12);
    expect(data.months[1]).toEqual({ month: 2, incomes: 150.5, expenses: 30.25, profit: 120.25 });
    expect(data.months[11]).toEqual({ month: 12, incomes: 0, expenses: 80, profit: -80 });
    expect(data.totals).toEqual({ incomes: 150.5, expenses: 110.25, profit: 40.25 });
  });

  it('needs the accounting permission and a sensible year', async () => {
    const secretary = await t.login(DEMO, 'secretary');
    expect((await t.call('GET', '/accounting', { host: DEMO, token: secretary })).status).toBe(403);
    expect((await t.call('GET', '/accounting?year=20x9', { host: DEMO, token: doctor })).status).toBe(422);
  });
});

describe('dashboard and start-up data', () => {
  it('shows each figure only to those who may read what it counts', async () => {
    type Body = { counts: { patients: number | null; appointments_today: number | null; tasks_open: number }; month: unknown };
    const mine = await t.call('GET', '/basedashboard', { host: DEMO, token: doctor });
    expect(mine.status).toBe(200);
    const data = mine.body.data as Body;
    expect(data.counts.patients).toBeGreaterThan(0);
    expect(data.counts.appointments_today).toEqual(expect.any(Number));
    expect(data.month).not.toBeNull();
    // The nurse reads patients, but neither appointments nor accounting.
    const nurse = await t.login(DEMO, 'nurse');
    const theirs = (await t.call('GET', '/basedashboard', { host: DEMO, token: nurse })).body.data as Body;
    expect(theirs.counts.patients).toBeGreaterThan(0);
    expect(theirs.counts.appointments_today).toBeNull();
    expect(theirs.counts.tasks_open).toEqual(expect.any(Number));
    expect(theirs.month).toBeNull();
  });

  it('serves the services and the agreements the app loads after login', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const services = await t.call('GET', '/dashboard/services', { host: DEMO, token: nurse });
    expect(services.body).toEqual({ locations: expect.any(Array), links: expect.any(Array) });
    expect((services.body.locations as unknown[]).length).toBeGreaterThan(0);
    const agreements = await t.call('GET', '/central/aggrements', { host: DEMO, token: nurse });
    expect((agreements.body.aggrements as { title_ckb: string }[])[0].title_ckb).toBeTruthy();
  });
});

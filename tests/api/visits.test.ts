// Visits and plan limits: prescriptions from the catalog, the payment as income, and the plan's
// limits on visits and staff, also when two requests race for the last place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let doctor: string;
let patientId: number;
let drug: { id: number; name: string; strength: string | null; form: string | null };
beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
  patientId = ((await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Visit Patient', gender: 0 } })).body.data as { id: number }).id;
  drug = ((await t.call('GET', '/drugs?per_page=1&sort=name', { host: DEMO, token: doctor })).body.data as { id: number; name: string; strength: string | null; form: string | null }[])[0];
});
afterAll(() => t?.close());

const visit = (body: Record<string, unknown>, token = doctor) => t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patientId, ...body } });

describe('visits', () => {
  it("keeps the prescribed drug's name, strength and form, and records the payment as income", async () => {
    const res = await visit({ chief_complaint: 'Fever', physician_diagnosis: 'Viral fever', fee: 25000, payment: 20000, prescriptions: [{ drug_id: drug.id, dose: '500 mg', frequency: 'Every 8 hours', duration: '3 days' }] });
    expect(res.status).toBe(201);
    const v = res.body.data as { id: number; date: string; doctor_id: number; prescriptions: { name: string; drug_id: number }[] };
    expect(v.prescriptions).toEqual([{ drug_id: drug.id, name: drug.name, strength: drug.strength, form: drug.form, dose: '500 mg', frequency: 'Every 8 hours', duration: '3 days' }]);
    expect(drug.strength).not.toBeNull();
    expect(v.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const incomes = await t.call('GET', `/incomes?filter[visiting_id]=${v.id}`, { host: DEMO, token: doctor });
    expect((incomes.body.data as { amount: number }[]).map((i) => i.amount)).toEqual([20000]);

    // Paying the rest is a second payment and a second income; the visit says 25,000 paid.
    const rest = await t.call('PATCH', `/visitings/${v.id}`, { host: DEMO, token: doctor, body: { payment: 5000 } });
    expect(rest.body.data).toMatchObject({ paid_amount: 25000 });
    const after = await t.call('GET', `/incomes?filter[visiting_id]=${v.id}&sort=id`, { host: DEMO, token: doctor });
    expect((after.body.data as { amount: number }[]).map((i) => i.amount)).toEqual([20000, 5000]);
  });

  it("finishes the visit's appointment, which must be the same patient's", async () => {
    const other = ((await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Other Patient', gender: 1 } })).body.data as { id: number }).id;
    const booked = await t.call('POST', '/appointments', { host: DEMO, token: doctor, body: { patient_id: patientId, date: '2031-03-04', time: '10:00' } });
    expect(booked.status).toBe(201);
    const appointment = (booked.body.data as { id: number; status: number });
    expect(appointment.status).toBe(0);

    const mismatched = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: other, appointment_id: appointment.id } });
    expect(mismatched.status).toBe(422);
    expect(Object.keys(mismatched.body.errors ?? {})).toEqual(['appointment_id']);

    const recorded = await visit({ appointment_id: appointment.id, chief_complaint: 'Check-up' });
    expect(recorded.status).toBe(201);
    // Moving the visit to another patient would leave it on this patient's appointment.
    const moved = await t.call('PATCH', `/visitings/${(recorded.body.data as { id: number }).id}`, { host: DEMO, token: doctor, body: { patient_id: other } });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.errors ?? {})).toEqual(['appointment_id']);
    const after = await t.call('GET', `/appointments/${appointment.id}`, { host: DEMO, token: doctor });
    expect((after.body.data as { status: number }).status).toBe(6);
  });

  it("refuses a drug that is not in this clinic's catalog, on the right item", async () => {
    const res = await visit({ prescriptions: [{ drug_id: drug.id }, { drug_id: 99999999 }] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['prescriptions.1.drug_id']);
  });

  it('refuses a payment above the fee and malformed prescription items', async () => {
    expect((await visit({ fee: 10, payment: 20 })).status).toBe(422);
    const bad = await visit({ prescriptions: [{ dose: 'x' }, { drug_id: drug.id, color: 'red' }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['prescriptions.0.drug_id', 'prescriptions.1.color']);
  });
});

describe('plan limits', () => {
  async function setPlan(values: { max_users?: number; max_visitings?: number }) {
    await t.db.kysely.updateTable('plans').set(values).execute();
  }

  it('stops visits at the plan limit with a clear message, letting one of two racing requests through', async () => {
    const { rows } = await (await import('kysely')).sql<{ n: number }>`select count(*)::int as n from visitings v join tenants t on t.id = v.tenant_id where t.subdomain = 'demo' and v.created_at >= t.subscription_start`.execute(t.db.kysely);
    await setPlan({ max_visitings: rows[0].n + 1 });
    const results = await Promise.all([visit({ chief_complaint: 'A' }), visit({ chief_complaint: 'B' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body.errors?.date?.[0]).toMatch(/Your plan allows \d+ visits/);
    await setPlan({ max_visitings: 100_000 });
  });

  it("counts a new subscription period's visits from what it holds, the first two racing for its last place", async () => {
    const { sql } = await import('kysely');
    // A renewal: the period starts today, so its counter is made by the next visit.
    await sql`update tenants set subscription_start = current_date where subdomain = 'demo'`.execute(t.db.kysely);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from visitings v join tenants t on t.id = v.tenant_id where t.subdomain = 'demo' and v.created_at >= t.subscription_start`.execute(t.db.kysely);
    const { rows: counters } = await sql<{ n: number }>`select count(*)::int as n from visit_counts c join tenants t on t.id = c.tenant_id where t.subdomain = 'demo' and c.period_start = t.subscription_start`.execute(t.db.kysely);
    expect(counters[0].n).toBe(0);
    await setPlan({ max_visitings: rows[0].n + 1 });
    const results = await Promise.all([visit({ chief_complaint: 'C' }), visit({ chief_complaint: 'D' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const { rows: after } = await sql<{ visits: number }>`select c.visits from visit_counts c join tenants t on t.id = c.tenant_id where t.subdomain = 'demo' and c.period_start = t.subscription_start`.execute(t.db.kysely);
    expect(after[0].visits).toBe(rows[0].n + 1);
    await setPlan({ max_visitings: 100_000 });
  });

  it('stops adding staff at the plan limit', async () => {
    const { rows } = await (await import('kysely')).sql<{ n: number }>`select count(*)::int as n from tenant_users u join tenants t on t.id = u.tenant_id where t.subdomain = 'demo' and u.role <> 0`.execute(t.db.kysely);
    await setPlan({ max_users: rows[0].n + 1 });
    const add = (n: string) => t.call('POST', '/tenantUsers', { host: DEMO, token: doctor, body: { name: `Limit ${n}`, username: `limit${n}`, role: 2, password: 'silver-orchard-2259' } });
    const results = await Promise.all([add('a'), add('b')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors?.role?.[0]).toMatch(/staff accounts/);
    await setPlan({ max_users: 1000 });
  });
});

describe("the clinics' day", () => {
  it('files a visit recorded at 01:30 in Erbil (22:30 UTC) under the Erbil date', async () => {
    const now = Date.now();
    const lateUtc = new Date(now);
    lateUtc.setUTCHours(22, 30, 0, 0);
    // The last such moment, so the clock goes back (a session never idles out going back).
    if (lateUtc.getTime() > now) lateUtc.setUTCDate(lateUtc.getUTCDate() - 1);
    const shift = lateUtc.getTime() - now;
    t.advance(shift);
    try {
      const res = await visit({ chief_complaint: 'Night visit' });
      expect(res.status).toBe(201);
      const nextDay = new Date(lateUtc.getTime() + 86_400_000).toISOString().slice(0, 10);
      expect((res.body.data as { date: string }).date).toBe(nextDay);
    } finally {
      t.advance(-shift);
    }
  });
});

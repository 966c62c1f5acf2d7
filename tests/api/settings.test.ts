// Profiles, the central dashboard and the clinic's settings screens.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CENTRAL, DEMO, PASSWORD, type TestApp, startTestApp } from './harness';
import { dayOf } from '../../src/server/days';
import { advanceToEvening } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('profile', () => {
  it('changes my details, and my password with the current one, signing out my other devices', async () => {
    const login = async (password = PASSWORD) => (await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'assistant', password } })).body.token as string;
    const here = await login();
    const elsewhere = await login();
    // The phone (where recovery codes go) changes only with the current password: a stolen session cannot redirect them.
    const bare = await t.call('PUT', '/auth/tenant/profile', { host: DEMO, token: here, body: { name: 'Dr. Rezhna O.', phone: '+964 750 111 2222' } });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.errors ?? {})).toEqual(['current_password']);
    const badPassword = await t.call('PUT', '/auth/tenant/profile', { host: DEMO, token: here, body: { phone: '+964 750 111 2222', current_password: 'not-my-password' } });
    expect(Object.keys(badPassword.body.errors ?? {})).toEqual(['current_password']);
    expect((await t.call('PUT', '/auth/tenant/profile', { host: DEMO, token: here, body: { name: 'Dr. Rezhna O.' } })).status).toBe(200);
    const upd = await t.call('PUT', '/auth/tenant/profile', { host: DEMO, token: here, body: { name: 'Dr. Rezhna O.', phone: '+964 750 111 2222', current_password: PASSWORD } });
    expect(upd.body.data).toMatchObject({ name: 'Dr. Rezhna O.', phone: '+9647501112222' });

    // A new password that is common, or built on the account's or the clinic's names, is refused.
    for (const weak of ['password1234', '123456789012', 'rezhna-summer-2026', 'my-demo-clinic-pass']) {
      const res = await t.call('PUT', '/auth/tenant/profile/password', { host: DEMO, token: here, body: { current_password: PASSWORD, password: weak, password_confirmation: weak } });
      expect([weak, res.status, Object.keys(res.body.errors ?? {})]).toEqual([weak, 422, ['password']]);
    }

    const wrong = await t.call('PUT', '/auth/tenant/profile/password', { host: DEMO, token: here, body: { current_password: 'nope', password: 'a-new-password-1', password_confirmation: 'a-new-password-1' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('current_password');
    const ok = await t.call('PUT', '/auth/tenant/profile/password', { host: DEMO, token: here, body: { current_password: PASSWORD, password: 'a-new-password-1', password_confirmation: 'a-new-password-1' } });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: here })).status).toBe(200);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: elsewhere })).status).toBe(401);
    expect(await login('a-new-password-1')).toBeTruthy();
  });

  it('signs out other devices on request', async () => {
    const login = async () => (await t.call('POST', '/auth/login', { body: { username: 'service', password: PASSWORD } })).body.token as string;
    const a = await login();
    const b = await login();
    expect((await t.call('POST', '/auth/profile/logout-others', { token: a })).status).toBe(200);
    expect((await t.call('GET', '/auth/user', { token: a })).status).toBe(200);
    expect((await t.call('GET', '/auth/user', { token: b })).status).toBe(401);
  });
});

describe('central dashboard', () => {
  it('gives the charts their aggregates, to managers only', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    // Two megabytes of a clinic's files count in the storage total.
    const { sql } = await import('kysely');
    await sql`insert into uploads (scope, tenant_id, user_id, mime, size, original_name, storage_key)
      select 'tenant', id, 1, 'application/pdf', 2 * 1048576, 'scan.pdf', 'dashboard-test-key' from tenants where subdomain = 'demo'`.execute(t.db.kysely);
    const res = await t.call('GET', '/dashboard', { token: owner });
    expect(res.status).toBe(200);
    const data = res.body.data as { counts: Record<string, number>; status: { key: number; count: number }[]; registrations: unknown[]; city: { label_en: string }[] };
    expect(data.counts.doctors).toBe(2);
    expect(data.counts.active).toBe(1);
    // The demo clinic's seeded staff, patients and visits are in the platform totals.
    for (const total of ['users', 'patients', 'visits']) expect(data.counts[total]).toBeGreaterThan(0);
    expect(data.counts.storage_mb).toBeGreaterThanOrEqual(2);
    expect(data.status).toEqual([{ key: 0, count: 1 }, { key: 1, count: 1 }]);
    expect(data.registrations).toHaveLength(12);
    expect(data.city.map((c) => c.label_en).sort()).toEqual(['Erbil', 'Sulaymaniyah']);
    expect((await t.call('GET', '/dashboard', { token: await t.login(CENTRAL, 'service') })).status).toBe(403);
  });

  it('answers stale platform totals at once and counts them again behind the answer', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const storage = async () => ((await t.call('GET', '/dashboard', { token: owner })).body.data as { counts: { storage_mb: number } }).counts.storage_mb;
    const before = await storage();
    const { sql } = await import('kysely');
    await sql`insert into uploads (scope, tenant_id, user_id, mime, size, original_name, storage_key)
      select 'tenant', id, 1, 'application/pdf', 3 * 1048576, 'scan.pdf', 'dashboard-stale-key' from tenants where subdomain = 'demo'`.execute(t.db.kysely);
    expect(await storage()).toBe(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect(await storage()).toBe(before);
      await expect.poll(storage).toBeGreaterThanOrEqual(before + 3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('clinic settings', () => {
  it("shows the clinic's invoices to staff, usage and plan history to the Main Doctor only", async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const doctor = await t.login(DEMO, 'doctor');
    const invoices = await t.call('GET', '/settings/invoice', { host: DEMO, token: nurse });
    expect((invoices.body.data as { kind: string; is_paid: boolean }[])[0]).toMatchObject({ kind: 'registration', is_paid: true });
    expect((invoices.body.subscription as { remaining_days: number }).remaining_days).toBeGreaterThan(0);
    expect((await t.call('GET', '/settings/usages', { host: DEMO, token: nurse })).status).toBe(403);
    const usage = await t.call('GET', '/settings/usages', { host: DEMO, token: doctor });
    expect((usage.body.data as { users: { used: number } }).users.used).toBe(3);
    const history = await t.call('GET', '/settings/plan-histories', { host: DEMO, token: doctor });
    expect((history.body.data as { action: string }[]).map((h) => h.action)).toEqual(['created']);
  });

  it("shows the Main Doctor the professional record the platform keeps, with its city and education named", async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const owner = await t.login(CENTRAL, 'owner');
    const tenants = await t.call('GET', '/tenants?filter[subdomain]=demo', { token: owner });
    const demo = (tenants.body.data as { id: number }[])[0];
    const cities = (await t.call('GET', '/cities', { token: owner })).body.data as { id: number; name_en: string }[];
    expect((await t.call('PATCH', `/tenants/${demo.id}`, { token: owner, body: { skill: 'Cardiology', experience_years: 12, city_id: cities[0].id } })).status).toBe(200);
    const res = await t.call('GET', '/settings/professional', { host: DEMO, token: doctor });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ skill: 'Cardiology', experience_years: 12, subdomain: 'demo', city_en: cities[0].name_en });
    expect(res.body.data).not.toHaveProperty('security_code');
    expect((await t.call('GET', '/settings/professional', { host: DEMO, token: await t.login(DEMO, 'secretary') })).status).toBe(403);
  });
});

// Last in the file: it moves the clock. The dashboard counts by the platform's day (Asia/Baghdad),
// not the database's: at 21:30 UTC Baghdad is already on the next day.
describe("central dashboard, by the platform's day", () => {
  it('is 30 on the day of its 30th birthday in Baghdad, at 21:30 UTC', async () => {
    const at = advanceToEvening(t);
    // A new sign-in (the cached one has been idle for hours on this clock).
    const owner = String((await t.call('POST', '/auth/login', { body: { username: 'owner', password: PASSWORD } })).body.token);
    const { sql } = await import('kysely');
    const today = dayOf(at);
    const thirty = `${Number(today.slice(0, 4)) - 30}${today.slice(4)}`;
    const band = async (dob: string | null) => {
      await sql`update tenants set date_of_birth = ${dob}::date where subdomain = 'closed'`.execute(t.db.kysely);
      const res = await t.call('GET', '/dashboard', { token: owner });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as { age: { key: string; count: number }[]; registrations: { month: string }[] };
      return { count: data.age.find((a) => a.key === '30to39')?.count ?? 0, lastMonth: data.registrations.at(-1)?.month };
    };
    const before = await band(null);
    const after = await band(thirty);
    expect(after.count).toBe(before.count + 1);
    expect(after.lastMonth).toBe(today.slice(0, 7));
  });
});

// Business rules of the backbone resources: role assignment limits, clinic provisioning,
// subdomain rules, uniqueness, list features and the OpenAPI description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const staff = (role: number, n: string) => ({ name: `Staff ${n}`, username: `staff${n}`, role, password: 'quiet-river-stone-42' });

describe('central staff roles', () => {
  it('the Developer gives roles 1 to 3 but never Owner', async () => {
    const dev = await t.login(CENTRAL, 'developer');
    for (const role of [1, 2, 3]) expect((await t.call('POST', '/users', { token: dev, body: staff(role, `d${role}`) })).status).toBe(201);
    const owner = await t.call('POST', '/users', { token: dev, body: staff(0, 'd0') });
    expect(owner.status).toBe(422);
    expect(owner.body.errors).toHaveProperty('role');
  });

  it('nobody creates a second Owner, changes their own role, or deletes themselves', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    expect((await t.call('POST', '/users', { token: owner, body: staff(0, 'o0') })).status).toBe(422);
    const me = (await t.call('GET', '/auth/user', { token: owner })).body.data as { id: number };
    expect((await t.call('PATCH', `/users/${me.id}`, { token: owner, body: { role: 1 } })).status).toBe(422);
    expect((await t.call('DELETE', `/users/${me.id}`, { token: owner })).status).toBe(422);
    const dev = await t.login(CENTRAL, 'developer');
    expect((await t.call('PATCH', `/users/${me.id}`, { token: dev, body: { name: 'Changed' } })).status).toBe(403);
  });

  it('deactivating a user ends their sessions', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const created = await t.call('POST', '/users', { token: owner, body: staff(1, 'x1') });
    const token = await t.login(CENTRAL, 'staffx1', 'quiet-river-stone-42');
    expect((await t.call('GET', '/auth/user', { token })).status).toBe(200);
    await t.call('PATCH', `/users/${(created.body.data as { id: number }).id}`, { token: owner, body: { is_active: false } });
    expect((await t.call('GET', '/auth/user', { token })).status).toBe(401);
    expect((await t.call('POST', '/auth/login', { body: { username: 'staffx1', password: 'quiet-river-stone-42' } })).status).toBe(403);
  });

  it('usernames are unique, case-insensitively', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const res = await t.call('POST', '/users', { token: owner, body: { ...staff(2, 'u'), username: ' ADMIN ' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('username');
  });
});

describe('clinic staff', () => {
  it('the Main Doctor adds Doctors, Secretaries and Nurses, never another Main Doctor', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    for (const role of [1, 2, 3]) expect((await t.call('POST', '/tenantUsers', { host: DEMO, token: doctor, body: staff(role, `c${role}`) })).status).toBe(201);
    expect((await t.call('POST', '/tenantUsers', { host: DEMO, token: doctor, body: staff(0, 'c0') })).status).toBe(422);
  });

  it('a password shorter than 12 characters is refused', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const res = await t.call('POST', '/tenantUsers', { host: DEMO, token: doctor, body: { ...staff(2, 'short'), password: 'short-pass' } });
    expect(res.status).toBe(422);
    expect(res.body.errors?.password?.[0]).toMatch(/at least 12/);
  });
});

describe('doctors (clinics)', () => {
  it('creating a doctor provisions the clinic: its Main Doctor logs in on the new subdomain', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const plans = (await t.call('GET', '/plans', { token: owner })).body.data as { id: number }[];
    const res = await t.call('POST', '/tenants', {
      token: owner,
      body: { name: 'Dr. Lana Aziz', subdomain: 'Lana', username: 'lana', password: 'cobalt-meadow-7714', plan_id: plans[0].id, gender: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ subdomain: 'lana', status: 0 });
    expect(res.body.data).not.toHaveProperty('password');
    const data = res.body.data as { subscription_start: string; subscription_end: string };
    expect(Number(data.subscription_end.slice(0, 4)) - Number(data.subscription_start.slice(0, 4))).toBe(1);
    const login = await t.call('POST', '/auth/tenant/login', { host: 'lana.localhost', body: { username: 'lana', password: 'cobalt-meadow-7714' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 0, tenant: { subdomain: 'lana' } });
  });

  it('refuses reserved, malformed and taken subdomains', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const plans = (await t.call('GET', '/plans', { token: owner })).body.data as { id: number }[];
    for (const subdomain of ['www', 'api', 'admin', 'demo', 'Bad_Name', '-x', 'a'.repeat(64)]) {
      const res = await t.call('POST', '/tenants', { token: owner, body: { name: 'X', subdomain, username: 'xx1', password: 'velvet-canyon-3187', plan_id: plans[0].id } });
      expect(res.status, subdomain).toBe(422);
      expect(res.body.errors, subdomain).toHaveProperty('subdomain');
    }
  });

  it('an unknown plan is a field error, not a crash', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const res = await t.call('POST', '/tenants', { token: owner, body: { name: 'X', subdomain: 'noplan', username: 'xx1', password: 'velvet-canyon-3187', plan_id: 999999 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('plan_id');
  });
});

describe('lists', () => {
  it('pages, sorts, filters and searches', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const page1 = await t.call('GET', '/patients?page=1&per_page=10&sort=name', { host: DEMO, token: doctor });
    const meta = page1.body.meta as { total: number; last_page: number; per_page: number };
    expect(meta.per_page).toBe(10);
    expect(meta.last_page).toBe(Math.ceil(meta.total / 10));
    const names = (page1.body.data as { name: string }[]).map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));

    const women = await t.call('GET', '/patients?per_page=100&filter[gender]=1', { host: DEMO, token: doctor });
    expect((women.body.data as { gender: number }[]).every((p) => p.gender === 1)).toBe(true);

    const created = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Zhilwan Qaradaghi', gender: 0, phone: '+964 750 999 0001', national_id: '200012345678' } });
    expect(created.status).toBe(201);
    for (const q of ['zhilwan', 'QARADAGHI', '999 0001', '200012345678']) {
      const found = await t.call('GET', `/patients?q=${encodeURIComponent(q)}`, { host: DEMO, token: doctor });
      expect((found.body.data as { name: string }[]).map((p) => p.name), q).toContain('Zhilwan Qaradaghi');
    }
    const none = await t.call('GET', `/patients?q=${encodeURIComponent('%_%')}`, { host: DEMO, token: doctor });
    expect(none.body.data).toEqual([]);

    const since = await t.call('GET', '/patients?per_page=100&filter[date_of_birth][gte]=2000-01-01', { host: DEMO, token: doctor });
    expect((since.body.data as { date_of_birth: string }[]).every((p) => p.date_of_birth >= '2000-01-01')).toBe(true);
  });

  it('still tells the total on a page past the end', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const res = await t.call('GET', '/patients?page=999', { host: DEMO, token: doctor });
    expect(res.body.data).toEqual([]);
    expect((res.body.meta as { total: number }).total).toBeGreaterThan(0);
  });

  it('caps per_page at 500', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const res = await t.call('GET', '/patients?per_page=5000', { host: DEMO, token: doctor });
    expect((res.body.meta as { per_page: number }).per_page).toBe(500);
  });
});

describe('OpenAPI', () => {
  it('describes every resource path', async () => {
    const res = await t.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths as object);
    for (const def of resources) {
      expect(paths).toContain(`/api/v1/${def.path}`);
      expect(paths).toContain(`/api/v1/${def.path}/{id}`);
    }
    expect(paths).toContain('/api/v1/auth/tenant/login');
  });
});

describe('links', () => {
  it('accept web addresses only', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com/x']) {
      const res = await t.call('POST', '/links', { host: DEMO, token: doctor, body: { title: 'Bad', url } });
      expect(res.status, url).toBe(422);
      expect(res.body.errors, url).toHaveProperty('url');
    }
    expect((await t.call('POST', '/links', { host: DEMO, token: doctor, body: { title: 'Good', url: 'https://example.com' } })).status).toBe(201);
  });
});

describe('compression', () => {
  it('gzips larger answers for clients that accept it', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/patients?per_page=50', headers: { host: DEMO, authorization: `Bearer ${doctor}`, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('security headers', () => {
  it('sends them on API answers', async () => {
    const res = await t.call('GET', '/tenant-check');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

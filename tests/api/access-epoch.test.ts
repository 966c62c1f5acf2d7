// A withdrawn access holds on every server process from the very next request (migration 031):
// two apps on one PostgreSQL database, each with its own pool, kept sessions and notices; the
// change is made through A and B must refuse the request that immediately follows, every time,
// with no waiting for B to hear the notice. On the embedded database (one process) A is B.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, DEMO, PASSWORD, startTestApp, type TestApp } from './harness';

const ROUNDS = 100;

// A hundred rounds, each with a login (a password hash): minutes on a busy two-core machine.
describe('access changes hold on every process from the next request', { timeout: 180_000 }, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = a.databaseUrl ? await startTestApp({ beside: a }) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  let logins = 0;
  const login = async (app: TestApp, host: string, username: string) => {
    // Each from its own address: logins are rate limited per address (30 a minute).
    const ip = `10.0.${Math.floor(++logins / 250)}.${logins % 250}`;
    const res = await app.call('POST', host === CENTRAL ? '/auth/login' : '/auth/tenant/login', { host, body: { username, password: PASSWORD }, ip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return String(res.body.token);
  };
  const me = async (token: string) => (await b.call('GET', '/auth/tenant/user', { host: DEMO, token })).body.data as { id: number; permissions: { id: number }[] };
  // Odd rounds ask an engine route (checked at its transaction's BEGIN), even rounds a route that
  // answers from the session alone (checked before its handler).
  const routeOf = (round: number) => (round % 2 ? '/patients' : '/auth/tenant/user');

  it('every table that announces access changes also raises the epoch', async () => {
    const triggers = async (fn: string) =>
      (
        await sql<{ t: string }>`select distinct c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc f on f.oid = g.tgfoid
          where f.proname = ${fn} order by 1`.execute(a.db.kysely)
      ).rows.map((r) => r.t);
    expect(await triggers('raise_access_epoch')).toEqual(await triggers('announce_access_change'));
  });

  it('raises the epoch once per changing transaction, visible when it commits', async () => {
    const epoch = async () => (await sql<{ e: number }>`select access_epoch() as e`.execute(a.db.kysely)).rows[0].e;
    const before = await epoch();
    await a.db.kysely.transaction().execute(async (trx) => {
      await sql`update tenant_users set name = name where username in ('nurse', 'secretary')`.execute(trx);
      await sql`update tenants set name = name`.execute(trx);
      if (a.databaseUrl) expect(await epoch()).toBe(before); // another connection: not yet
    });
    expect(await epoch()).toBe(before + 1);
  });

  it('a logout', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const token = await login(a, DEMO, 'secretary');
      const url = routeOf(round);
      expect((await b.call('GET', url, { host: DEMO, token })).status).toBe(200);
      expect((await a.call('POST', '/auth/tenant/logout', { host: DEMO, token })).status).toBe(204);
      expect((await b.call('GET', url, { host: DEMO, token })).status, `round ${round}`).toBe(401);
    }
  });

  it('a logout, on an engine route that answers before any transaction (a malformed id)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const token = await login(a, DEMO, 'secretary');
      expect((await b.call('GET', '/patients', { host: DEMO, token })).status).toBe(200);
      expect((await a.call('POST', '/auth/tenant/logout', { host: DEMO, token })).status).toBe(204);
      const res = await b.call('GET', '/patients/not-an-id', { host: DEMO, token });
      expect([res.status, res.body.message], `round ${round}`).toEqual([401, expect.any(String)]);
    }
  });

  it('a logout, then a write: refused and nothing written', async () => {
    const patient = ((await b.call('GET', '/patients?per_page=1', { host: DEMO, token: await a.login(DEMO, 'doctor') })).body.data as { id: number; notes: string | null }[])[0];
    for (let round = 0; round < ROUNDS; round++) {
      const token = await login(a, DEMO, 'secretary');
      expect((await b.call('GET', '/patients', { host: DEMO, token })).status).toBe(200);
      expect((await a.call('POST', '/auth/tenant/logout', { host: DEMO, token })).status).toBe(204);
      expect((await b.call('PATCH', `/patients/${patient.id}`, { host: DEMO, token, body: { notes: `round ${round}` } })).status, `round ${round}`).toBe(401);
    }
    const after = await a.call('GET', `/patients/${patient.id}`, { host: DEMO, token: await a.login(DEMO, 'doctor') });
    expect((after.body.data as { notes: string | null }).notes).toBe(patient.notes);
  });

  it('a deactivated staff member', async () => {
    const doctor = await a.login(DEMO, 'doctor');
    let token = await login(a, DEMO, 'assistant');
    const id = (await me(token)).id;
    for (let round = 0; round < ROUNDS; round++) {
      const url = routeOf(round);
      expect((await b.call('GET', url, { host: DEMO, token })).status).toBe(200);
      expect((await a.call('PATCH', `/tenantUsers/${id}`, { host: DEMO, token: doctor, body: { is_active: false } })).status).toBe(200);
      expect((await b.call('GET', url, { host: DEMO, token })).status, `round ${round}`).toBe(401);
      expect((await a.call('PATCH', `/tenantUsers/${id}`, { host: DEMO, token: doctor, body: { is_active: true } })).status).toBe(200);
      token = await login(a, DEMO, 'assistant');
    }
  });

  it('a withdrawn permission', async () => {
    const doctor = await a.login(DEMO, 'doctor');
    const token = await login(a, DEMO, 'nurse');
    const nurse = await me(token);
    const kept = nurse.permissions.map((p) => p.id);
    expect(kept.length).toBeGreaterThan(0);
    const setPermissions = async (permissions: number[]) =>
      expect((await a.call('PUT', '/permissions/update', { host: DEMO, token: doctor, body: { user: nurse.id, permissions } })).status).toBe(200);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        expect((await b.call('GET', '/vitalSigns', { host: DEMO, token })).status).toBe(200);
        await setPermissions([]);
        if (round % 2) expect((await b.call('GET', '/vitalSigns', { host: DEMO, token })).status, `round ${round}`).toBe(403);
        else expect((await me(token)).permissions, `round ${round}`).toEqual([]);
        await setPermissions(kept);
        // B may have kept the withdrawal a moment longer: a grant is not what this test is about.
        await expect.poll(async () => (await b.call('GET', '/vitalSigns', { host: DEMO, token })).status).toBe(200);
      }
    } finally {
      await setPermissions(kept);
    }
  });

  it('a revoked support grant', async () => {
    const doctor = await a.login(DEMO, 'doctor');
    const owner = await a.login(CENTRAL, 'owner');
    const ownerId = ((await a.call('GET', '/auth/user', { token: owner })).body.data as { id: number }).id;
    const until = new Date(Date.now() + 3600_000).toISOString();
    for (let round = 0; round < ROUNDS; round++) {
      const granted = await a.call('POST', '/supportGrants', { host: DEMO, token: doctor, body: { user_id: ownerId, reason: 'Invoice question', read_only: true, expires_at: until } });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      const grantId = (granted.body.data as { id: number }).id;
      const opened = await a.call('POST', `/support/grants/${grantId}/open`, { token: owner });
      expect(opened.status).toBe(200);
      const token = String(opened.body.token);
      const url = routeOf(round);
      expect((await b.call('GET', url, { host: DEMO, token })).status).toBe(200);
      expect((await a.call('POST', `/supportGrants/${grantId}/revoke`, { host: DEMO, token: doctor })).status).toBe(200);
      expect((await b.call('GET', url, { host: DEMO, token })).status, `round ${round}`).toBe(401);
    }
  });
});

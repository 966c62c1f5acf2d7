// Sessions are kept between requests (auth/session-cache.ts) and dropped the moment anything they
// carry changes, whoever changes it: a statement of this app, raw SQL, or another server process.
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/auth/passwords';
import { openDatabase } from '../../src/server/db/index';
import { ACCOUNT_STATUS } from '../../src/shared/enums';
import { CENTRAL, DEMO, PASSWORD, startTestApp, type TestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';

describe('sessions kept between requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await createOtherClinic(t);
  });
  afterAll(() => t.close());

  const freshLogin = async (username: string) => {
    const res = await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username, password: PASSWORD } });
    expect(res.status).toBe(200);
    return String(res.body.token);
  };
  const status = async (token: string, url = '/auth/tenant/user') => (await t.call('GET', url, { host: DEMO, token })).status;
  // A change the triggers do not announce: what a lost notification would look like.
  const unannounced = (statement: RawBuilder<unknown>) =>
    t.db.kysely.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  it('answers a known session from memory until a change is announced', async () => {
    const token = await freshLogin('secretary');
    expect(await status(token)).toBe(200);
    await unannounced(sql`delete from sessions where token_hash = ${sha256(token)}`);
    expect(await status(token)).toBe(200);
    await sql`select pg_notify('access_changed', '')`.execute(t.db.kysely);
    await expect.poll(() => status(token)).toBe(401);
  });

  // Changes outside any request reach the cache as notifications: on PostgreSQL a moment later.
  it.each([
    ['a deactivated user', 'nurse', (id: number) => sql`update tenant_users set is_active = false where id = ${id}`, '/auth/tenant/user', 401],
    ['a withdrawn permission', 'secretary', (id: number) => sql`delete from user_permissions where user_id = ${id}`, '/patients', 403],
    ['a suspended clinic', 'doctor', () => sql`update tenants set status = ${ACCOUNT_STATUS.suspended} where subdomain = 'demo'`, '/patients', 417],
  ])('%s is refused once raw SQL changes it', async (_case, username, change, url, refused) => {
    const token = await freshLogin(username);
    const user = (await t.call('GET', '/auth/tenant/user', { host: DEMO, token })).body.data as { id: number };
    const permissions = await t.db.kysely.selectFrom('user_permissions').selectAll().where('user_id', '=', user.id).execute();
    expect(await status(token, url)).toBe(200);
    await change(user.id).execute(t.db.kysely);
    try {
      await expect.poll(() => status(token, url), { timeout: 2000, interval: 20 }).toBe(refused);
    } finally {
      await sql`update tenants set status = ${ACCOUNT_STATUS.active} where subdomain = 'demo'`.execute(t.db.kysely);
      await sql`update tenant_users set is_active = true where id = ${user.id}`.execute(t.db.kysely);
      if (permissions.length) await t.db.kysely.insertInto('user_permissions').values(permissions).onConflict((oc) => oc.doNothing()).execute();
    }
  });

  it('a change made through the API holds from the very next request', async () => {
    const doctor = await freshLogin('doctor');
    const token = await freshLogin('nurse');
    const nurse = (await t.call('GET', '/auth/tenant/user', { host: DEMO, token })).body.data as { id: number };
    expect(await status(token, '/vitalSigns')).toBe(200);
    expect((await t.call('PUT', '/permissions/update', { host: DEMO, token: doctor, body: { user: nurse.id, permissions: [] } })).status).toBe(200);
    expect(await status(token, '/vitalSigns')).toBe(403);
  });

  // A write empties what it may have changed: its own clinic's kept sessions, or on the central
  // host all of them. Seen with a session deleted unannounced: kept, it still answers 200.
  it.each([
    ['another clinic', OTHER, 200],
    ['the same clinic', DEMO, 401],
    ['the central host', CENTRAL, 401],
  ])("a write on %s's host: the clinic's kept session answers %i", async (_case, host, answer) => {
    const token = await freshLogin('secretary');
    expect(await status(token)).toBe(200);
    await unannounced(sql`delete from sessions where token_hash = ${sha256(token)}`);
    expect(await status(token)).toBe(200);
    // Any request that may write counts, answered or refused.
    await t.call('POST', host === CENTRAL ? '/auth/login' : '/auth/tenant/login', { host, body: { username: 'nobody', password: 'not-a-password-1' } });
    expect(await status(token)).toBe(answer);
    await sql`select pg_notify('access_changed', '')`.execute(t.db.kysely);
    await expect.poll(() => status(token)).toBe(401);
  });

  it('ends access at once when another server process deactivates the user', async (ctx) => {
    if (!t.databaseUrl) return ctx.skip(); // the embedded database belongs to one process
    const token = await freshLogin('assistant');
    expect(await status(token)).toBe(200);
    const other = await openDatabase({ databaseUrl: t.databaseUrl });
    try {
      await sql`update tenant_users set is_active = false where username = 'assistant'`.execute(other.kysely);
      await expect.poll(() => status(token), { timeout: 2000, interval: 20 }).toBe(401);
    } finally {
      await sql`update tenant_users set is_active = true where username = 'assistant'`.execute(other.kysely);
      await other.close();
    }
  });
});

// Support access only with the clinic's consent (issue 14): refused without a grant, limited to
// the grant's clinic, time and kind, ended at once by a revoke, and audited throughout.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

async function userId(host: string, token: string): Promise<number> {
  const res = await t.call('GET', host === CENTRAL ? '/auth/user' : '/auth/tenant/user', { host, token });
  return (res.body.data as { id: number }).id;
}

async function grant(to: string, readOnly: boolean, hours = 2): Promise<number> {
  const doctor = await t.login(DEMO, 'doctor');
  const id = await userId(CENTRAL, await t.login(CENTRAL, to));
  // The form offers the platform's staff by name.
  const staff = await t.call('GET', '/support/staff', { host: DEMO, token: doctor });
  expect((staff.body.data as { id: number }[]).map((u) => u.id)).toContain(id);
  const res = await t.call('POST', '/supportGrants', { host: DEMO, token: doctor, body: { user_id: id, reason: 'Invoice question', read_only: readOnly, expires_at: inHours(hours) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
}

async function open(who: string, grantId: number): Promise<{ status: number; token: string }> {
  const res = await t.call('POST', `/support/grants/${grantId}/open`, { token: await t.login(CENTRAL, who) });
  return { status: res.status, token: String(res.body.token) };
}

describe('support access', () => {
  it('is refused, and audited, without a grant', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from audit_events where action = 'denied'`.execute(t.db.kysely);
    expect((await open('owner', 999_999)).status).toBe(403);
    const after = await sql<{ n: number }>`select count(*)::int as n from audit_events where action = 'denied'`.execute(t.db.kysely);
    expect(after.rows[0].n).toBe(before.rows[0].n + 1);
  });

  it('grants are the Main Doctor\'s, for at most a day, to an active member of the platform\'s staff', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const owner = await userId(CENTRAL, await t.login(CENTRAL, 'owner'));
    const body = { user_id: owner, reason: 'Help with the calendar', read_only: true, expires_at: inHours(25) };
    expect((await t.call('POST', '/supportGrants', { host: DEMO, token: doctor, body })).body.errors).toHaveProperty('expires_at');
    expect((await t.call('POST', '/supportGrants', { host: DEMO, token: doctor, body: { ...body, expires_at: inHours(-1) } })).status).toBe(422);
    expect((await t.call('POST', '/supportGrants', { host: DEMO, token: doctor, body: { ...body, expires_at: inHours(1), user_id: 999_999 } })).body.errors).toHaveProperty('user_id');
    const nurse = await t.login(DEMO, 'nurse');
    expect((await t.call('POST', '/supportGrants', { host: DEMO, token: nurse, body: { ...body, expires_at: inHours(1) } })).status).toBe(403);
    expect((await t.call('GET', '/support/staff', { host: DEMO, token: nurse })).status).toBe(403);
  });

  it('a read-only session reads the clinic, writes nothing, works on its clinic only, and is audited as the platform user on the grant', async () => {
    const grantId = await grant('owner', true);
    const mine = await t.call('GET', '/support/grants', { token: await t.login(CENTRAL, 'owner') });
    expect((mine.body.data as { id: number; subdomain: string }[]).find((g) => g.id === grantId)?.subdomain).toBe('demo');
    // Another member of staff cannot use it.
    expect((await open('developer', grantId)).status).toBe(403);

    const { status, token } = await open('owner', grantId);
    expect(status).toBe(200);
    const me = await t.call('GET', '/auth/tenant/user', { host: DEMO, token });
    expect(me.body.data).toMatchObject({ support: { grant_id: grantId, read_only: true } });

    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    expect((await t.call('GET', `/patients/${patient.id}`, { host: DEMO, token })).status).toBe(200);
    expect((await t.call('POST', '/patients', { host: DEMO, token, body: { name: 'Support made', gender: 0 } })).status).toBe(403);
    expect((await t.call('PATCH', `/patients/${patient.id}`, { host: DEMO, token, body: { notes: 'x' } })).status).toBe(403);
    expect((await t.call('POST', '/tasks', { host: DEMO, token, body: { title: 'from support' } })).status).toBe(403);
    expect((await t.call('GET', '/audit', { host: DEMO, token })).status).toBe(403);
    // Only on that clinic's host.
    expect((await t.call('GET', '/patients', { host: OTHER, token })).status).toBe(401);
    expect((await t.call('GET', '/tenants', { host: CENTRAL, token })).status).toBe(401);

    const owner = await userId(CENTRAL, await t.login(CENTRAL, 'owner'));
    await t.app.auditReads?.flush();
    const { rows } = await sql<{ action: string; actor_scope: string; user_id: number; on_behalf_of: number }>`
      select action, actor_scope, user_id, on_behalf_of from audit_events where on_behalf_of = ${grantId} order by id`.execute(t.db.kysely);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['support_access', 'read', 'denied']));
    expect(rows.every((r) => r.actor_scope === 'central' && Number(r.user_id) === owner)).toBe(true);

    // The Main Doctor was told.
    const notes = await t.call('GET', '/dashboard/notifications', { host: DEMO, token: await t.login(DEMO, 'doctor') });
    expect(JSON.stringify(notes.body)).toContain('supportEntered');
  });

  it('a read-write session may work on records but never on the clinic\'s staff, permissions or grants', async () => {
    const { token } = await open('owner', await grant('owner', false));
    const created = await t.call('POST', '/patients', { host: DEMO, token, body: { name: 'Seen by support', gender: 1 } });
    expect(created.status).toBe(201);
    // The clinic's staff list is the Main Doctor's; support does not even read it.
    expect((await t.call('GET', '/tenantUsers', { host: DEMO, token })).status).toBe(403);
    const staff = await t.call('GET', '/tenantUsers', { host: DEMO, token: await t.login(DEMO, 'doctor') });
    const someone = (staff.body.data as { id: number }[])[0];
    expect((await t.call('PATCH', `/tenantUsers/${someone.id}`, { host: DEMO, token, body: { name: 'Renamed' } })).status).toBe(403);
    expect((await t.call('PUT', '/permissions/update', { host: DEMO, token, body: { user: someone.id, permissions: [] } })).status).toBe(403);
    expect((await t.call('POST', '/supportGrants', { host: DEMO, token, body: { user_id: 1, reason: 'more', read_only: false, expires_at: inHours(1) } })).status).toBe(403);
    expect((await t.call('PUT', '/auth/tenant/profile', { host: DEMO, token, body: { name: 'x' } })).status).toBe(403);
  });

  it('ends at the next request when the Main Doctor revokes it, and when it expires', async () => {
    const grantId = await grant('owner', true);
    const { token } = await open('owner', grantId);
    expect((await t.call('GET', '/patients', { host: DEMO, token })).status).toBe(200);
    const doctor = await t.login(DEMO, 'doctor');
    const revoked = await t.call('POST', `/supportGrants/${grantId}/revoke`, { host: DEMO, token: doctor });
    expect(revoked.status).toBe(200);
    expect((revoked.body.data as { revoked_at: string | null }).revoked_at).toBeTruthy();
    expect((await t.call('GET', '/patients', { host: DEMO, token })).status).toBe(401);
    expect((await open('owner', grantId)).status).toBe(403);

    const { token: second } = await open('owner', await grant('owner', true, 1));
    expect((await t.call('GET', '/patients', { host: DEMO, token: second })).status).toBe(200);
    t.advance(61 * 60_000);
    expect((await t.call('GET', '/patients', { host: DEMO, token: second })).status).toBe(401);
  });
});

// Two-step verification (TOTP and recovery codes), central and clinic: a password alone opens no
// session, codes are single use and throttled, recovery never skips the second step, the staff
// policy asks for enrolment at the next login only, challenges are bound to their host, managers
// reset a lost factor, and the secret is stored sealed.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCentralSecret, rewrapKeys } from '../../src/server/crypto/keyring';
import { masterKeyOf } from '../../src/server/crypto/master-key';
import { OTHER, createOtherClinic } from './fixtures';
import { CENTRAL, DEMO, PASSWORD, type Reply, type TestApp, startTestApp } from './harness';

let t: TestApp;
// The server's clock runs `offset` ahead of ours (t.advance): codes are made for its time.
let offset = 0;
const advance = (ms: number) => {
  offset += ms;
  t.advance(ms);
};
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

const prefixOf = (host: string) => (host === CENTRAL ? '/auth' : '/auth/tenant');
const codeOf = (secret: string, shiftSeconds = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset + shiftSeconds * 1000 });
const arabicIndic = (code: string) => code.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

const password = (host: string, username: string, opts: { password?: string; ip?: string } = {}) =>
  t.call('POST', `${prefixOf(host)}/login`, { host, body: { username, password: opts.password ?? PASSWORD }, ip: opts.ip });
const second = (host: string, challenge: unknown, code: string, ip?: string) => t.call('POST', `${prefixOf(host)}/login/mfa`, { host, body: { challenge, code }, ip });

/** Logs in with the password (a plain session, no second step yet). */
async function session(host: string, username: string): Promise<string> {
  const res = await password(host, username);
  expect(res.body).not.toHaveProperty('mfa');
  return String(res.body.token);
}

/** Turns the factor on from the profile; gives the secret and the recovery codes. */
async function enrol(host: string, token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await t.call('POST', `${prefixOf(host)}/profile/mfa/setup`, { host, token });
  expect(setup.status).toBe(200);
  const { secret, uri } = setup.body.data as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  const wrong = await t.call('POST', `${prefixOf(host)}/profile/mfa/enable`, { host, token, body: { code: codeOf(secret, 300) } });
  expect([wrong.status, Object.keys(wrong.body.errors ?? {})]).toEqual([422, ['code']]);
  const enabled = await t.call('POST', `${prefixOf(host)}/profile/mfa/enable`, { host, token, body: { code: codeOf(secret) } });
  expect(enabled.status).toBe(200);
  const codes = (enabled.body.data as { recovery_codes: string[] }).recovery_codes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { secret, codes };
}

/** A fresh time step (a code of the last one was used already). */
const nextStep = () => advance(30_000);

async function events(action: string, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_events where action = ${action} and (user_id = ${userId} or record_id = ${userId})`.execute(t.db.kysely);
  return Number(rows[0].n);
}

async function sessionsOf(scope: string, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sessions where scope = ${scope} and user_id = ${userId}`.execute(t.db.kysely);
  return Number(rows[0].n);
}

const userId = async (host: string, token: string) => ((await t.call('GET', `${prefixOf(host)}/user`, { host, token })).body.data as { id: number }).id;

describe('central user with two-step verification', () => {
  let secret: string;
  let codes: string[];
  let adminId: number;

  it('enrols from the profile; the secret is stored sealed', async () => {
    const token = await session(CENTRAL, 'admin');
    adminId = await userId(CENTRAL, token);
    ({ secret, codes } = await enrol(CENTRAL, token));
    const status = await t.call('GET', '/auth/profile/mfa', { token });
    expect(status.body.data).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // Neither the base-32 secret nor its bytes are in the table.
    const { rows } = await sql<{ secret_sealed: string; recovery_hashes: string[] }>`select secret_sealed, recovery_hashes from user_mfa where user_id = ${adminId}`.execute(t.db.kysely);
    const raw = Buffer.from(Secret.fromBase32(secret).buffer);
    expect(rows[0].secret_sealed).not.toContain(secret);
    expect(Buffer.from(rows[0].secret_sealed.split(':')[1], 'base64').includes(raw)).toBe(false);
    expect(rows[0].recovery_hashes.some((h) => codes.some((c) => h.includes(c.replace('-', ''))))).toBe(false);
    expect(await events('mfa_enabled', adminId)).toBe(1);
  });

  it('a right password gives a challenge, not a session; the code gives the session', async () => {
    const first = await password(CENTRAL, 'admin');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfa: 'required', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    // The challenge is not a token.
    expect((await t.call('GET', '/auth/user', { token: String(first.body.challenge) })).status).toBe(401);

    // The code used to turn the factor on, within its window, is refused: a code is good once.
    const replayed = await second(CENTRAL, first.body.challenge, codeOf(secret));
    expect([replayed.status, Object.keys(replayed.body.errors ?? {})]).toEqual([422, ['code']]);
    expect(replayed.body).not.toHaveProperty('token');
    nextStep();
    const code = codeOf(secret);
    const ok = await second(CENTRAL, first.body.challenge, code);
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ username: 'admin', role: 1 });
    expect((await t.call('GET', '/auth/user', { token: String(ok.body.token) })).status).toBe(200);
    // The challenge was used up, and the code cannot open a second session.
    expect((await second(CENTRAL, first.body.challenge, code)).status).toBe(401);
    const again = await password(CENTRAL, 'admin');
    expect((await second(CENTRAL, again.body.challenge, code)).status).toBe(422);
  });

  it('takes a code typed in Arabic-Indic digits', async () => {
    nextStep();
    const first = await password(CENTRAL, 'admin');
    const ok = await second(CENTRAL, first.body.challenge, arabicIndic(codeOf(secret)));
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
  });

  it('takes each recovery code once', async () => {
    const first = await password(CENTRAL, 'admin');
    const ok = await second(CENTRAL, first.body.challenge, codes[0].toUpperCase());
    expect(ok.status).toBe(200);
    expect(await events('recovery_code_used', adminId)).toBe(1);
    const again = await password(CENTRAL, 'admin');
    const reused = await second(CENTRAL, again.body.challenge, codes[0]);
    expect(reused.status).toBe(422);
    expect(reused.body).not.toHaveProperty('token');
    const status = await t.call('GET', '/auth/profile/mfa', { token: String(ok.body.token) });
    expect((status.body.data as { recovery_codes_left: number }).recovery_codes_left).toBe(9);
    expect(await events('mfa_failed', adminId)).toBeGreaterThanOrEqual(2);
  });

  it('new recovery codes need the current password and retire the old ones', async () => {
    const login = await password(CENTRAL, 'admin');
    const token = String((await second(CENTRAL, login.body.challenge, codes[1])).body.token);
    const wrong = await t.call('POST', '/auth/profile/mfa/recovery-codes', { token, body: { current_password: 'not-my-password' } });
    expect([wrong.status, Object.keys(wrong.body.errors ?? {})]).toEqual([422, ['current_password']]);
    const renewed = await t.call('POST', '/auth/profile/mfa/recovery-codes', { token, body: { current_password: PASSWORD } });
    expect(renewed.status).toBe(200);
    const fresh = (renewed.body.data as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    const old = await password(CENTRAL, 'admin');
    expect((await second(CENTRAL, old.body.challenge, codes[2])).status).toBe(422);
    expect((await second(CENTRAL, old.body.challenge, fresh[0])).status).toBe(200);
    codes = fresh.slice(1);
  });

  it('password recovery opens no session and the next login still asks the code', async () => {
    const before = await sessionsOf('central', adminId);
    expect(before).toBeGreaterThan(0);
    expect((await t.call('POST', '/auth/forget/request', { body: { username: 'admin' } })).status).toBe(200);
    const verify = await t.call('POST', '/auth/forget/verify', { body: { username: 'admin', code: t.codes.get('admin') } });
    expect(verify.status).toBe(200);
    expect(Object.keys(verify.body).sort()).toEqual(['message', 'token']);
    // The reset token is no session token.
    expect((await t.call('GET', '/auth/user', { token: String(verify.body.token) })).status).toBe(401);
    const reset = await t.call('POST', '/auth/forget/reset', { body: { username: 'admin', token: verify.body.token, password: 'violet-harbor-7731', password_confirmation: 'violet-harbor-7731' } });
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body)).toEqual(['message']);
    // Recovery ends every session and opens none.
    expect(await sessionsOf('central', adminId)).toBe(0);
    const next = await password(CENTRAL, 'admin', { password: 'violet-harbor-7731' });
    expect(next.body).toEqual({ mfa: 'required', challenge: expect.any(String) });
    expect(await sessionsOf('central', adminId)).toBe(0);
    nextStep();
    expect((await second(CENTRAL, next.body.challenge, codeOf(secret))).status).toBe(200);
  });

  it('the Owner resets it (a lost phone); nobody else, and not their own', async () => {
    const owner = await session(CENTRAL, 'owner');
    const service = await session(CENTRAL, 'service');
    expect((await t.call('POST', `/users/${adminId}/mfa-reset`, { token: service })).status).toBe(403);
    expect((await t.call('POST', `/users/${await userId(CENTRAL, owner)}/mfa-reset`, { token: owner })).status).toBe(403);
    expect((await t.call('POST', '/users/999999/mfa-reset', { token: owner })).status).toBe(404);
    expect((await t.call('POST', `/users/${adminId}/mfa-reset`, { token: owner })).status).toBe(204);
    expect(await events('mfa_reset', adminId)).toBe(1);
    const login = await password(CENTRAL, 'admin', { password: 'violet-harbor-7731' });
    expect(login.body).not.toHaveProperty('mfa');
    expect(login.body.token).toBeTruthy();
  });
});

describe('clinic user', () => {
  let nurseSecret: string;
  it('wrong codes count like failed logins: five from one address block even the right code there', async () => {
    const token = await session(DEMO, 'assistant');
    const { secret } = await enrol(DEMO, token);
    nextStep();
    const ip = '10.9.8.7';
    const first = await password(DEMO, 'assistant', { ip });
    for (let i = 0; i < 3; i++) expect((await second(DEMO, first.body.challenge, '000000', ip)).status).toBe(422);
    const retry = await password(DEMO, 'assistant', { ip });
    expect(retry.body.mfa).toBe('required');
    // A new challenge ends the earlier one.
    expect((await second(DEMO, first.body.challenge, codeOf(secret), ip)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await second(DEMO, retry.body.challenge, '000000', ip)).status).toBe(422);
    const blocked = await second(DEMO, retry.body.challenge, codeOf(secret), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).not.toHaveProperty('token');
    expect((await password(DEMO, 'assistant', { ip })).status).toBe(429);
    // From elsewhere the owner of the account still gets in.
    const elsewhere = await password(DEMO, 'assistant', { ip: '10.1.1.1' });
    expect((await second(DEMO, elsewhere.body.challenge, codeOf(secret), '10.1.1.1')).status).toBe(200);
  });

  it("a clinic's challenge is refused on another clinic's host and on the main host", async () => {
    const token = await session(DEMO, 'nurse');
    const { secret } = await enrol(DEMO, token);
    nurseSecret = secret;
    nextStep();
    const first = await password(DEMO, 'nurse');
    expect(first.body.mfa).toBe('required');
    const code = codeOf(secret);
    const elsewhere = await second(OTHER, first.body.challenge, code);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).not.toHaveProperty('token');
    expect((await second(CENTRAL, first.body.challenge, code)).status).toBe(401);
    const here = await second(DEMO, first.body.challenge, code);
    expect(here.status).toBe(200);
    expect(here.body.user).toMatchObject({ username: 'nurse', tenant: { subdomain: 'demo' } });
  });

  it('turning it off asks the password and a code', async () => {
    const login = await password(DEMO, 'nurse');
    nextStep();
    const token = String((await second(DEMO, login.body.challenge, codeOf(nurseSecret))).body.token);
    const noPassword = await t.call('POST', '/auth/tenant/profile/mfa/disable', { host: DEMO, token, body: { current_password: 'wrong-password', code: '000000' } });
    expect(Object.keys(noPassword.body.errors ?? {})).toEqual(['current_password']);
    const noCode = await t.call('POST', '/auth/tenant/profile/mfa/disable', { host: DEMO, token, body: { current_password: PASSWORD, code: '000000' } });
    expect(Object.keys(noCode.body.errors ?? {})).toEqual(['code']);
    nextStep();
    const off = await t.call('POST', '/auth/tenant/profile/mfa/disable', { host: DEMO, token, body: { current_password: PASSWORD, code: codeOf(nurseSecret) } });
    expect(off.status).toBe(200);
    expect((await password(DEMO, 'nurse')).body.token).toBeTruthy();
  });
});

describe('the staff policy', () => {
  // A staff member's session from before the policy (it stays open).
  let nurse: string;

  it('only the Main Doctor sets the clinic\'s, only the Owner the platform\'s', async () => {
    nurse = await t.login(DEMO, 'nurse');
    for (const username of ['secretary', 'nurse']) {
      const token = await t.login(DEMO, username);
      expect((await t.call('PUT', '/auth/tenant/mfa-policy', { host: DEMO, token, body: { required: true } })).status).toBe(403);
    }
    for (const username of ['admin', 'service', 'developer']) {
      const token = await t.login(CENTRAL, username, username === 'admin' ? 'violet-harbor-7731' : PASSWORD);
      expect((await t.call('PUT', '/auth/mfa-policy', { token, body: { required: true } })).status).toBe(403);
    }
    // The other clinic's Main Doctor sets only their own.
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('PUT', '/auth/tenant/mfa-policy', { host: OTHER, token: boss, body: { required: false } })).status).toBe(200);
    const doctor = await t.login(DEMO, 'doctor');
    expect((await t.call('GET', '/auth/tenant/mfa-policy', { host: DEMO, token: doctor })).body.data).toEqual({ required: false });
  });

  it('applies at the next login: open sessions go on; an unenrolled user enrols before any session', async () => {
    const secretary = await session(DEMO, 'secretary');
    const secretaryId = await userId(DEMO, secretary);
    const doctor = await t.login(DEMO, 'doctor');
    const set = await t.call('PUT', '/auth/tenant/mfa-policy', { host: DEMO, token: doctor, body: { required: true } });
    expect(set.body.data).toEqual({ required: true });
    expect(await events('mfa_policy_change', await userId(DEMO, doctor))).toBeGreaterThan(0);
    // The open session keeps working.
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: secretary })).status).toBe(200);

    const sessionsBefore = await sessionsOf('tenant', secretaryId);
    const login = await password(DEMO, 'secretary');
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ mfa: 'enrol', challenge: expect.any(String), secret: expect.stringMatching(/^[A-Z2-7]{32}$/), uri: expect.stringMatching(/^otpauth:\/\/totp\/.+:secretary%40demo\?/) });
    expect(await sessionsOf('tenant', secretaryId)).toBe(sessionsBefore);
    const secret = String(login.body.secret);
    const wrong = await second(DEMO, login.body.challenge, codeOf(secret, 600));
    expect(wrong.status).toBe(422);
    expect(await sessionsOf('tenant', secretaryId)).toBe(sessionsBefore);
    const done = await second(DEMO, login.body.challenge, codeOf(secret));
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ username: 'secretary' });
    expect(done.body.recovery_codes as string[]).toHaveLength(10);
    expect(await sessionsOf('tenant', secretaryId)).toBe(sessionsBefore + 1);

    // From now on the code is asked; it cannot be turned off while the clinic requires it.
    const next = await password(DEMO, 'secretary');
    expect(next.body.mfa).toBe('required');
    const token = String(done.body.token);
    const status = await t.call('GET', '/auth/tenant/profile/mfa', { host: DEMO, token });
    expect(status.body.data).toMatchObject({ enabled: true, required: true });
    nextStep();
    const off = await t.call('POST', '/auth/tenant/profile/mfa/disable', { host: DEMO, token, body: { current_password: PASSWORD, code: codeOf(secret) }, lang: 'en' });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual({ code: ['Your clinic requires two-step verification: it cannot be turned off'] });

    // Another clinic's policy is its own.
    expect((await password(OTHER, 'boss', { password: 'copper-harbor-6620' })).body.token).toBeTruthy();
  });

  it('the Main Doctor resets a staff member (who enrols again, as the policy asks); not for another clinic', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const secretary = await password(DEMO, 'secretary');
    expect(secretary.body.mfa).toBe('required');
    const { rows } = await sql<{ id: number }>`select u.id from tenant_users u join tenants t on t.id = u.tenant_id where t.subdomain = 'demo' and u.username = 'secretary'`.execute(t.db.kysely);
    const id = Number(rows[0].id);
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('POST', `/tenantUsers/${id}/mfa-reset`, { host: OTHER, token: boss })).status).toBe(404);
    expect((await t.call('POST', `/tenantUsers/${id}/mfa-reset`, { host: DEMO, token: nurse })).status).toBe(403);
    expect((await t.call('POST', `/tenantUsers/${await userId(DEMO, doctor)}/mfa-reset`, { host: DEMO, token: doctor })).status).toBe(403);
    expect((await t.call('POST', `/tenantUsers/${id}/mfa-reset`, { host: DEMO, token: doctor })).status).toBe(204);
    expect(await events('mfa_reset', id)).toBeGreaterThan(0);
    // The challenge given before the reset is dead.
    expect((await second(DEMO, secretary.body.challenge, '123456')).status).toBe(401);
    expect((await password(DEMO, 'secretary')).body.mfa).toBe('enrol');
  });

  it('the Owner requires it of the platform staff', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    expect((await t.call('PUT', '/auth/mfa-policy', { token: owner, body: { required: true } })).status).toBe(200);
    expect((await t.call('GET', '/auth/user', { token: owner })).status).toBe(200);
    const login: Reply = await password(CENTRAL, 'developer');
    expect(login.body.mfa).toBe('enrol');
    expect(login.body).not.toHaveProperty('token');
    // The clinic's staff are not the platform's.
    expect((await t.call('PUT', '/auth/mfa-policy', { token: owner, body: { required: false } })).status).toBe(200);
    expect((await password(CENTRAL, 'developer')).body.token).toBeTruthy();
  });
});

describe('a new master key', () => {
  it("re-seals the platform users' secrets with the clinic keys", async () => {
    const token = await session(CENTRAL, 'service');
    const id = await userId(CENTRAL, token);
    const { secret } = await enrol(CENTRAL, token);
    const current = t.app.keyring.master;
    const next = masterKeyOf(randomBytes(32));
    await rewrapKeys(t.db.kysely, current, next);
    const sealed = async () => (await sql<{ secret_sealed: string }>`select secret_sealed from user_mfa where user_id = ${id}`.execute(t.db.kysely)).rows[0].secret_sealed;
    expect(openCentralSecret(next, id, await sealed()).equals(Buffer.from(Secret.fromBase32(secret).buffer))).toBe(true);
    expect(() => openCentralSecret(current, id, 'x:y')).toThrow();
    // And back, so this server (still on the first key) reads it again.
    await rewrapKeys(t.db.kysely, next, current);
    nextStep();
    const login = await password(CENTRAL, 'service');
    expect((await second(CENTRAL, login.body.challenge, codeOf(secret))).status).toBe(200);
  });
});

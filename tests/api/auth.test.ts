// Logins, sessions, throttling, recovery, and the clinic states 417 and 418.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, DEMO, PASSWORD, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const login = (host: string, username: string, password: string, ip?: string) =>
  t.call('POST', host === CENTRAL ? '/auth/login' : '/auth/tenant/login', { host, body: { username, password }, ip });

describe('login', () => {
  it('returns a token and the user with its role; the clinic user carries permissions', async () => {
    const central = await login(CENTRAL, 'admin', PASSWORD);
    expect(central.status).toBe(200);
    expect(central.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The zone the screens show stored times in: the platform's (TIME_ZONE), not the device's.
    expect(central.body.user).toMatchObject({ username: 'admin', role: 1, time_zone: 'Asia/Baghdad' });
    expect(central.body.user).not.toHaveProperty('password_hash');

    const clinic = await login(DEMO, 'secretary', PASSWORD);
    expect(clinic.status).toBe(200);
    const user = clinic.body.user as { role: number; permissions: { name: string; table_name: string }[] };
    expect(user.role).toBe(2);
    expect(user.permissions).toContainEqual(expect.objectContaining({ name: 'read', table_name: 'patients' }));

    const me = await t.call('GET', '/auth/tenant/user', { host: DEMO, token: String(clinic.body.token) });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: 'secretary', tenant: { subdomain: 'demo' }, time_zone: 'Asia/Baghdad' });
  });

  it('refuses a wrong password with a translated message', async () => {
    const en = await t.call('POST', '/auth/login', { body: { username: 'developer', password: 'wrong-password' }, lang: 'en' });
    expect(en.status).toBe(422);
    expect(en.body.message).toBe('The username or password is incorrect');
    const ckb = await t.call('POST', '/auth/login', { body: { username: 'developer', password: 'wrong-password' }, lang: 'ckb' });
    expect(ckb.body.message).toBe('ناوی بەکارهێنەر یان وشەی نهێنی هەڵەیە');
    const fallback = await t.call('POST', '/auth/login', { body: { username: 'developer', password: 'wrong-password' }, lang: 'fr-FR' });
    expect(fallback.body.message).toBe(ckb.body.message);
  });

  it('does not let central staff log in on a clinic, nor clinic staff centrally', async () => {
    expect((await login(DEMO, 'owner', PASSWORD)).status).toBe(422);
    expect((await login(CENTRAL, 'nurse', PASSWORD)).status).toBe(422);
  });

  it('logout kills the token at once', async () => {
    const { body } = await login(CENTRAL, 'service', PASSWORD);
    const token = String(body.token);
    expect((await t.call('GET', '/auth/user', { token })).status).toBe(200);
    expect((await t.call('POST', '/auth/logout', { token })).status).toBe(204);
    expect((await t.call('GET', '/auth/user', { token })).status).toBe(401);
  });

  it('refuses missing and made-up tokens', async () => {
    expect((await t.call('GET', '/auth/user')).status).toBe(401);
    expect((await t.call('GET', '/auth/user', { token: 'x'.repeat(43) })).status).toBe(401);
  });
});

describe('session expiry', () => {
  it('ends a session idle for longer than the idle limit', async () => {
    const { body } = await login(DEMO, 'assistant', PASSWORD);
    const token = String(body.token);
    t.advance(7 * 3600_000);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token })).status).toBe(200);
    t.advance(7 * 3600_000); // 7 h since last use: still inside the 8 h idle limit
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token })).status).toBe(200);
    t.advance(9 * 3600_000);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token })).status).toBe(401);
  });

  it('ends any session after the absolute limit, however active', async () => {
    const { body } = await login(CENTRAL, 'developer', PASSWORD);
    const token = String(body.token);
    // Used every 6 hours (inside the idle limit) for 6.75 days: still valid.
    for (let i = 0; i < 27; i++) {
      t.advance(6 * 3600_000);
      expect((await t.call('GET', '/auth/user', { token })).status).toBe(200);
    }
    t.advance(7 * 3600_000); // past 7 days since login
    expect((await t.call('GET', '/auth/user', { token })).status).toBe(401);
  });
});

describe('throttling', () => {
  it('blocks an account from an address after 5 failures there, even for the right password, with a clear 429; elsewhere its owner logs in', async () => {
    const ip = '10.0.0.7';
    for (let i = 0; i < 5; i++) expect((await login(DEMO, 'nurse', 'wrong-password', ip)).status).toBe(422);
    const locked = await login(DEMO, 'nurse', PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many attempts/);
    // 20 more failures from that address change nothing for the nurse at the clinic's desk.
    for (let i = 0; i < 20; i++) expect((await login(DEMO, 'nurse', 'wrong-password', ip)).status).toBe(429);
    expect((await login(DEMO, 'nurse', PASSWORD, '10.0.0.8')).status).toBe(200);
    t.advance(16 * 60_000);
    expect((await login(DEMO, 'nurse', PASSWORD, ip)).status).toBe(200);
  });
});

describe('throttling per address', () => {
  it('stops one address trying many accounts', async () => {
    const strict = await startTestApp({ throttle: { windowMinutes: 15, maxPerAccountFromAddress: 5, maxPerAddress: 3 } });
    try {
      const attempt = (u: string) => strict.call('POST', '/auth/login', { body: { username: u, password: 'nope-nope-nope' }, ip: '10.9.9.9' });
      for (const u of ['a1', 'a2', 'a3']) expect((await attempt(u)).status).toBe(422);
      expect((await attempt('a4')).status).toBe(429);
      // Another address is not affected.
      expect((await strict.call('POST', '/auth/login', { body: { username: 'owner', password: PASSWORD }, ip: '10.1.1.1' })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('the ceiling on login attempts', () => {
  it('is 30 a minute from one address to one clinic; the same address still reaches another clinic', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 30; i++) expect((await login(DEMO, 'secretary', PASSWORD, ip)).status).toBe(200);
    expect((await login(DEMO, 'secretary', PASSWORD, ip)).status).toBe(429);
    // Clinics behind one carrier's shared address do not take each other's attempts.
    await createOtherClinic(t);
    expect((await login(OTHER, 'boss', 'copper-harbor-6620', ip)).status).toBe(200);
  });
});

describe('password recovery', () => {
  const forget = (step: string, body: unknown, host = CENTRAL) => t.call('POST', `${host === CENTRAL ? '/auth' : '/auth/tenant'}/forget/${step}`, { host, body });

  it('runs request, verify and reset; the new password works, old sessions die, the code is single use', async () => {
    const old = String((await login(DEMO, 'secretary', PASSWORD)).body.token);
    const req = await forget('request', { username: 'secretary' }, DEMO);
    expect(req.status).toBe(200);
    const code = t.codes.get('secretary')!;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await forget('verify', { username: 'secretary', code }, DEMO);
    expect(verified.status).toBe(200);
    const token = String(verified.body.token);
    expect((await forget('verify', { username: 'secretary', code }, DEMO)).status).toBe(422);

    const mismatch = await forget('reset', { username: 'secretary', token, password: 'brand-new-pass-1', password_confirmation: 'other' }, DEMO);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toHaveProperty('password_confirmation');
    const short = await forget('reset', { username: 'secretary', token, password: 'short', password_confirmation: 'short' }, DEMO);
    expect(short.status).toBe(422);
    expect(short.body.errors).toHaveProperty('password');

    const done = await forget('reset', { username: 'secretary', token, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' }, DEMO);
    expect(done.status).toBe(200);
    expect((await forget('reset', { username: 'secretary', token, password: 'another-pass-123', password_confirmation: 'another-pass-123' }, DEMO)).status).toBe(422);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: old })).status).toBe(401);
    expect((await login(DEMO, 'secretary', PASSWORD)).status).toBe(422);
    expect((await login(DEMO, 'secretary', 'brand-new-pass-1')).status).toBe(200);
  });

  it('answers the same whether the account exists or not', async () => {
    const known = await forget('request', { username: 'owner' });
    const unknown = await forget('request', { username: 'nobody-here' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(t.codes.has('nobody-here')).toBe(false);
  });

  it('allows at most 5 tries per code', async () => {
    await forget('request', { username: 'developer' });
    const code = t.codes.get('developer')!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await forget('verify', { username: 'developer', code: wrong })).status).toBe(422);
    expect((await forget('verify', { username: 'developer', code })).status).toBe(422);
  });

  it('expires a code after 10 minutes', async () => {
    await forget('request', { username: 'admin' });
    const code = t.codes.get('admin')!;
    t.advance(11 * 60_000);
    expect((await forget('verify', { username: 'admin', code })).status).toBe(422);
  });

  it('stores codes and tokens only as hashes', async () => {
    await forget('request', { username: 'service' });
    const code = t.codes.get('service')!;
    const rows = await t.db.kysely.selectFrom('password_resets').select(['code_hash', 'reset_token_hash']).execute();
    expect(rows.every((r) => !r.code_hash.includes(code) && r.code_hash.startsWith('$argon2id$'))).toBe(true);
    const sessions = await t.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
    const users = await t.db.kysely.selectFrom('users').select('password_hash').execute();
    expect(users.every((u) => u.password_hash.startsWith('$argon2id$'))).toBe(true);
  });
});

describe('clinic states', () => {
  it('answers 418 on a subdomain no clinic owns, and tenant-check says so', async () => {
    const host = 'nosuch.localhost';
    expect((await t.call('GET', '/tenant-check', { host })).body).toEqual({ exists: false });
    expect((await t.call('GET', '/tenant-check', { host: DEMO })).body).toEqual({ exists: true });
    const res = await t.call('POST', '/auth/tenant/login', { host, body: { username: 'doctor', password: PASSWORD } });
    expect(res.status).toBe(418);
    expect(res.body.message).toBe('Account not registered');
    expect((await t.call('GET', '/patients', { host })).status).toBe(418);
  });

  it('answers 417 to login and to every authenticated call of a suspended clinic', async () => {
    const res = await t.call('POST', '/auth/tenant/login', { host: 'closed.localhost', body: { username: 'doctor', password: PASSWORD } });
    expect(res.status).toBe(417);
    expect(res.body.message).toBe('Account is suspended or archived');

    // A clinic suspended while its staff are logged in: their next call answers 417.
    const token = await t.login(DEMO, 'doctor');
    const owner = await t.login(CENTRAL, 'owner');
    const demo = (await t.call('GET', '/tenants?filter[subdomain]=demo', { token: owner })) as { body: { data: { id: number }[] } };
    const id = demo.body.data[0].id;
    expect((await t.call('PATCH', `/tenants/${id}`, { token: owner, body: { status: 1 } })).status).toBe(200);
    expect((await t.call('GET', '/patients', { host: DEMO, token })).status).toBe(417);
    expect((await t.call('PATCH', `/tenants/${id}`, { token: owner, body: { status: 0 } })).status).toBe(200);
    expect((await t.call('GET', '/patients', { host: DEMO, token })).status).toBe(200);
  });
});

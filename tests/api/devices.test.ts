// The clinic's devices keeping a working set (issue 36): a device's sync calls name it
// (X-Device-Id) and note it per user; the Main Doctor alone lists them and revokes one; a revoked
// device's next sync call is refused with 410, its session ends, and its rows say "wiped".
// Another clinic neither sees nor revokes them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, PASSWORD, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';

interface DeviceRow {
  id: number;
  device_id: string;
  user_id: number;
  label: string;
  status: string;
  last_sync_at: string;
  wiped_at: string | null;
  revoked_by: number | null;
}

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

let t: TestApp;
let boss: string;

beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  boss = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

/** A session of its own (the harness keeps one per user; revoking ends the one it came with). */
async function freshLogin(username: string, host = DEMO, password = PASSWORD): Promise<string> {
  const res = await t.call('POST', '/auth/tenant/login', { host, body: { username, password } });
  expect(res.status).toBe(200);
  return String(res.body.token);
}

const sync = (token: string, device: string, agent = CHROME_WINDOWS, host = DEMO) =>
  t.call('GET', '/sync/changes', { host, token, headers: { 'x-device-id': device, 'user-agent': agent } });

async function devicesOf(token: string, device: string, host = DEMO): Promise<DeviceRow[]> {
  const res = await t.call('GET', `/devices?per_page=100`, { host, token });
  expect(res.status).toBe(200);
  return (res.body.data as DeviceRow[]).filter((d) => d.device_id === device);
}

describe("the clinic's devices", () => {
  it('a sync call notes its device per user, with a label and the time; the Main Doctor sees them', async () => {
    const device = randomUUID();
    const secretary = await freshLogin('secretary');
    const nurse = await freshLogin('nurse');
    expect((await sync(secretary, device)).status).toBe(200);
    expect((await sync(nurse, device, FIREFOX_ANDROID)).status).toBe(200);
    // Again: the same row, a later time.
    const first = (await devicesOf(boss, device)).find((d) => d.label === 'Chrome · Windows')!;
    expect((await sync(secretary, device)).status).toBe(200);
    const rows = await devicesOf(boss, device);
    expect(rows.map((r) => [r.label, r.status]).sort()).toEqual([
      ['Chrome · Windows', 'active'],
      ['Firefox · Android', 'active'],
    ]);
    expect(Date.parse(rows.find((r) => r.id === first.id)!.last_sync_at)).toBeGreaterThanOrEqual(Date.parse(first.last_sync_at));
    // A call without a device id (a plain API client) notes nothing; a malformed one is refused.
    expect((await t.call('GET', '/sync/changes', { host: DEMO, token: secretary })).status).toBe(200);
    expect((await sync(secretary, 'not-a-uuid')).status).toBe(422);
  });

  it.each([
    ['assistant', 'a doctor'],
    ['secretary', 'the desk'],
    ['nurse', 'a nurse'],
  ])('%s (%s) neither lists devices nor revokes one', async (username) => {
    const device = randomUUID();
    const token = await freshLogin(username);
    expect((await sync(token, device)).status).toBe(200);
    const [row] = await devicesOf(boss, device);
    expect((await t.call('GET', '/devices', { host: DEMO, token })).status).toBe(403);
    expect((await t.call('GET', `/devices/${row.id}`, { host: DEMO, token })).status).toBe(403);
    expect((await t.call('POST', `/devices/${row.id}/revoke`, { host: DEMO, token })).status).toBe(403);
    expect((await devicesOf(boss, device))[0].status).toBe('active');
  });

  it("another clinic's Main Doctor neither sees nor revokes this clinic's devices", async () => {
    const device = randomUUID();
    expect((await sync(await freshLogin('secretary'), device)).status).toBe(200);
    const [row] = await devicesOf(boss, device);
    const other = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect(await devicesOf(other, device, OTHER)).toEqual([]);
    expect((await t.call('GET', `/devices/${row.id}`, { host: OTHER, token: other })).status).toBe(404);
    expect((await t.call('POST', `/devices/${row.id}/revoke`, { host: OTHER, token: other })).status).toBe(404);
    expect((await devicesOf(boss, device))[0].status).toBe('active');
  });

  it("revoked: the device's next sync is refused (410) for each of its users, its session ends, the rows say wiped; another device goes on", async () => {
    const device = randomUUID();
    const elsewhere = randomUUID();
    const secretary = await freshLogin('secretary');
    const nurse = await freshLogin('nurse');
    expect((await sync(secretary, device)).status).toBe(200);
    expect((await sync(nurse, device)).status).toBe(200);
    const nurseElsewhere = await freshLogin('nurse');
    expect((await sync(nurseElsewhere, elsewhere)).status).toBe(200);
    const [row] = await devicesOf(boss, device);

    expect((await t.call('POST', `/devices/${row.id}/revoke`, { host: DEMO, token: boss })).status).toBe(204);
    expect((await devicesOf(boss, device)).map((r) => r.status)).toEqual(['revoked', 'revoked']);

    // The secretary's next sync on it: refused with the signal, and that session is over.
    const refused = await sync(secretary, device);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toMatch(/revoked/i);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: secretary })).status).toBe(401);
    // The nurse on the same device too, on the first load's route as well; not on another device.
    expect((await t.call('GET', '/sync/rows?resource=patients', { host: DEMO, token: nurse, headers: { 'x-device-id': device } })).status).toBe(410);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: nurse })).status).toBe(401);
    expect((await sync(nurseElsewhere, elsewhere)).status).toBe(200);

    const after = await devicesOf(boss, device);
    expect(after.map((r) => r.status)).toEqual(['wiped', 'wiped']);
    expect(after.every((r) => r.wiped_at !== null && r.revoked_by !== null)).toBe(true);
    // Signing in again on that id changes nothing: the device wipes itself and takes a new id.
    expect((await sync(await freshLogin('secretary'), device)).status).toBe(410);
    expect((await devicesOf(boss, elsewhere))[0].status).toBe('active');
  });

  it('an unknown device is a 404', async () => {
    expect((await t.call('POST', '/devices/999999/revoke', { host: DEMO, token: boss })).status).toBe(404);
  });
});

describe('the idle lock: the password checked without a new session', () => {
  it.each([
    { name: 'the right password', password: PASSWORD, status: 204 },
    { name: 'a wrong one', password: 'not-the-password-1', status: 422 },
    { name: 'the right one in other case', password: PASSWORD.toUpperCase(), status: 422 },
  ])('$name: $status', async ({ password, status }) => {
    const token = await freshLogin('assistant');
    const res = await t.call('POST', '/auth/tenant/profile/unlock', { host: DEMO, token, body: { current_password: password } });
    expect(res.status).toBe(status);
    if (status === 422) expect(Object.keys(res.body.errors as object)).toEqual(['current_password']);
    // The session goes on either way (a wrong password is not a sign-out).
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token })).status).toBe(200);
  });

  it('needs a session, and counts wrong passwords like a login does', async () => {
    expect((await t.call('POST', '/auth/tenant/profile/unlock', { host: DEMO, body: { current_password: PASSWORD } })).status).toBe(401);
    const made = await t.call('POST', '/tenantUsers', { host: DEMO, token: boss, body: { name: 'Idle Tester', username: 'idletester', role: 2, password: 'amber-lantern-9031' } });
    expect(made.status).toBe(201);
    const token = await freshLogin('idletester', DEMO, 'amber-lantern-9031');
    let last = 0;
    for (let i = 0; i < 8 && last !== 429; i++) last = (await t.call('POST', '/auth/tenant/profile/unlock', { host: DEMO, token, body: { current_password: `wrong-${i}-password` } })).status;
    expect(last).toBe(429);
    // Even the right password waits now, as a login would.
    expect((await t.call('POST', '/auth/tenant/profile/unlock', { host: DEMO, token, body: { current_password: 'amber-lantern-9031' } })).status).toBe(429);
  });
});

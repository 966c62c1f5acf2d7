// Each user sees their signed-in devices and ends any of them; the Main Doctor ends a staff
// member's sessions, the Owner a platform user's; nobody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, DEMO, PASSWORD, type TestApp, startTestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const loginFrom = async (host: string, username: string, ip: string, agent: string) => {
  const path = host === CENTRAL ? '/auth/login' : '/auth/tenant/login';
  const res = await t.call('POST', path, { host, ip, body: { username, password: PASSWORD }, headers: { 'user-agent': agent } });
  expect(res.status).toBe(200);
  return String(res.body.token);
};

interface Device {
  id: number;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

describe('my devices', () => {
  it('lists where I am signed in (address, browser, this one marked) and signs one out', async () => {
    const desk = await loginFrom(DEMO, 'secretary', '10.1.0.1', 'Mozilla/5.0 (Windows NT 10.0) Chrome/150.0');
    const phone = await loginFrom(DEMO, 'secretary', '10.1.0.2', 'Mozilla/5.0 (Linux; Android 14) Chrome/150.0 Mobile');
    const list = await t.call('GET', '/auth/tenant/profile/sessions', { host: DEMO, token: desk });
    expect(list.status).toBe(200);
    const devices = list.body.data as Device[];
    const mine = devices.filter((d) => d.ip === '10.1.0.1' || d.ip === '10.1.0.2');
    expect(mine.map((d) => [d.ip, d.current])).toEqual(expect.arrayContaining([['10.1.0.1', true], ['10.1.0.2', false]]));
    expect(JSON.stringify(list.body)).not.toMatch(/token/);
    const lost = mine.find((d) => d.ip === '10.1.0.2')!;
    expect((await t.call('DELETE', `/auth/tenant/profile/sessions/${lost.id}`, { host: DEMO, token: desk })).status).toBe(204);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: phone })).status).toBe(401);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: desk })).status).toBe(200);
    // Someone else's session is not mine to end.
    const nurse = await loginFrom(DEMO, 'nurse', '10.1.0.3', 'Chrome');
    const nurseSession = ((await t.call('GET', '/auth/tenant/profile/sessions', { host: DEMO, token: nurse })).body.data as Device[]).find((d) => d.current)!;
    expect((await t.call('DELETE', `/auth/tenant/profile/sessions/${nurseSession.id}`, { host: DEMO, token: desk })).status).toBe(404);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: nurse })).status).toBe(200);
  });
});

describe("a device's last use", () => {
  it('is noted once a minute on: requests sent together answer, and the devices list then shows the use', async () => {
    const desk = await loginFrom(DEMO, 'secretary', '10.3.0.1', 'Chrome');
    const seen = async () => ((await t.call('GET', '/auth/tenant/profile/sessions', { host: DEMO, token: desk })).body.data as (Device & { last_seen_at: string })[]).find((d) => d.current)!.last_seen_at;
    const before = Date.parse(await seen());
    t.advance(2 * 60_000);
    // A screen's start: several requests of one session at once, each noting the use (written once, after they answer).
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.call('GET', '/auth/tenant/user', { host: DEMO, token: desk })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(Date.parse(await seen()) - before).toBeGreaterThanOrEqual(2 * 60_000);
  });
});

describe("managers end their staff's sessions", () => {
  it('the Main Doctor signs a nurse out everywhere; a secretary may not', async () => {
    const nurse = await loginFrom(DEMO, 'nurse', '10.2.0.1', 'Chrome');
    const nurseId = ((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: nurse })).body.data as { id: number }).id;
    const secretary = await loginFrom(DEMO, 'secretary', '10.2.0.2', 'Chrome');
    expect((await t.call('POST', `/tenantUsers/${nurseId}/end-sessions`, { host: DEMO, token: secretary })).status).toBe(403);
    const doctor = await loginFrom(DEMO, 'doctor', '10.2.0.3', 'Chrome');
    expect((await t.call('POST', `/tenantUsers/${nurseId}/end-sessions`, { host: DEMO, token: doctor })).status).toBe(204);
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: nurse })).status).toBe(401);
    expect((await t.call('POST', '/tenantUsers/999999/end-sessions', { host: DEMO, token: doctor })).status).toBe(404);
  });

  it('the Owner signs a platform user out everywhere; an Admin may not', async () => {
    const service = await loginFrom(CENTRAL, 'service', '10.3.0.1', 'Chrome');
    const serviceId = ((await t.call('GET', '/auth/user', { token: service })).body.data as { id: number }).id;
    const admin = await loginFrom(CENTRAL, 'admin', '10.3.0.2', 'Chrome');
    expect((await t.call('POST', `/users/${serviceId}/end-sessions`, { token: admin })).status).toBe(403);
    const owner = await loginFrom(CENTRAL, 'owner', '10.3.0.3', 'Chrome');
    expect((await t.call('POST', `/users/${serviceId}/end-sessions`, { token: owner })).status).toBe(204);
    expect((await t.call('GET', '/auth/user', { token: service })).status).toBe(401);
  });
});

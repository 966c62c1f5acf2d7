// What the Owner decides on (issue 17): a request shows the changed fields only, with their values
// before; a rejection carries an optional reason that reaches the requester; an accepted delete
// keeps whom it deleted; the deciders' notices about a request are resolved once it is decided,
// for all of them, and each notice names its target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, type TestApp, startTestApp } from './harness';

interface RequestRow {
  id: number;
  kind: string;
  tenant_id: number | null;
  payload: Record<string, unknown>;
  previous: Record<string, unknown> | null;
  reason: string | null;
  doctor_name: string | null;
  doctor_subdomain: string | null;
}
interface Notice {
  kind: string;
  message: string;
  is_read: number;
  data: Record<string, unknown>;
}

let t: TestApp;
let owner: string;
let developer: string;
let admin: string;
let planIds: number[];
let serial = 0;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(CENTRAL, 'owner');
  developer = await t.login(CENTRAL, 'developer');
  admin = await t.login(CENTRAL, 'admin');
  planIds = ((await t.call('GET', '/plans?sort=price', { token: owner })).body.data as { id: number }[]).map((p) => p.id);
});
afterAll(() => t?.close());

async function doctor() {
  serial += 1;
  const body = { name: `Dr. Detail ${serial}`, subdomain: `detail-${serial}`, username: `detail${serial}`, password: 'doctor-pass-123', plan_id: planIds[0], phone: '0750 123 4567', region: 'Bakrajo' };
  const res = await t.call('POST', '/tenants', { token: owner, body });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; name: string; subdomain: string };
}

const pendingAbout = async (tenantId: number) =>
  ((await t.call('GET', `/requests?filter[status]=pending&filter[tenant_id]=${tenantId}`, { token: owner })).body.data as RequestRow[])[0];
const notices = async (token: string) => (await t.call('GET', '/notifications?per_page=100', { token })).body.data as Notice[];

describe('requests show what they change', () => {
  it('keeps only the changed fields, with their values before', async () => {
    const d = await doctor();
    const res = await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { name: d.name, region: 'Sarchnar', plan_id: planIds[1], password: 'a-new-password-1' } });
    expect(res.status).toBe(202);
    const request = await pendingAbout(d.id);
    expect(request.payload).toEqual({ region: 'Sarchnar', plan_id: planIds[1] });
    expect(request.previous).toEqual({ region: 'Bakrajo', plan_id: planIds[0], password: null });
    expect(request).toMatchObject({ doctor_name: d.name, doctor_subdomain: d.subdomain });
    await t.call('POST', `/requests/${request.id}/reject`, { token: owner });
  });

  it('refuses an update that changes nothing, rather than locking the doctor', async () => {
    const d = await doctor();
    const res = await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { name: d.name, region: 'Bakrajo' } });
    expect(res.status).toBe(422);
    expect(await pendingAbout(d.id)).toBeUndefined();
  });
});

describe('a rejection with a reason', () => {
  it('stores the reason and tells it to the requester, in their language', async () => {
    const d = await doctor();
    await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { region: 'Raparin' } });
    const request = await pendingAbout(d.id);
    const tooLong = await t.call('POST', `/requests/${request.id}/reject`, { token: owner, body: { reason: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.errors ?? {})).toEqual(['reason']);
    const res = await t.call('POST', `/requests/${request.id}/reject`, { token: owner, body: { reason: '  The region is already right  ' } });
    expect(res.status).toBe(200);
    const stored = (await t.call('GET', `/requests/${request.id}`, { token: owner })).body.data as RequestRow;
    expect(stored.reason).toBe('The region is already right');
    const told = (await notices(admin)).find((n) => n.kind === 'requestRejected' && n.data.request_id === request.id)!;
    expect(told.message).toBe(`Your request about ${d.name} was rejected. Reason: The region is already right`);
    const inKurdish = await t.call('GET', '/notifications?per_page=100', { token: admin, lang: 'ckb' });
    expect(((inKurdish.body.data as Notice[]).find((n) => n.data.request_id === request.id)!).message).toContain('هۆکار: \u2068The region is already right\u2069');
    // In Kurdish each value is isolated in its own direction (issue 17: bidi), the reason as typed.
  });

  it('needs no reason', async () => {
    const d = await doctor();
    await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { region: 'Halabja' } });
    const request = await pendingAbout(d.id);
    expect((await t.call('POST', `/requests/${request.id}/reject`, { token: owner })).status).toBe(200);
    const told = (await notices(admin)).find((n) => n.kind === 'requestRejected' && n.data.request_id === request.id)!;
    expect(told.message).toBe(`Your request about ${d.name} was rejected`);
  });
});

describe('an accepted delete request', () => {
  it('still says whom it deleted', async () => {
    const d = await doctor();
    expect((await t.call('DELETE', `/tenants/${d.id}`, { token: admin })).status).toBe(202);
    const request = await pendingAbout(d.id);
    expect((await t.call('POST', `/requests/${request.id}/accept`, { token: owner })).status).toBe(200);
    const kept = (await t.call('GET', `/requests/${request.id}`, { token: owner })).body.data as RequestRow;
    expect(kept).toMatchObject({ status: 'accepted', kind: 'delete', tenant_id: null, doctor_name: d.name, doctor_subdomain: d.subdomain });
    // The requester's notice names no doctor page that no longer exists.
    const told = (await notices(admin)).find((n) => n.data.request_id === request.id)!;
    expect(told.data).not.toHaveProperty('tenant_id');
  });
});

describe('notifications about a request', () => {
  it('are resolved for every decider when one of them decides, and name their target', async () => {
    const d = await doctor();
    await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { region: 'Koya' } });
    const request = await pendingAbout(d.id);
    for (const token of [owner, developer]) {
      const notice = (await notices(token)).find((n) => n.kind === 'requestSubmitted' && n.data.request_id === request.id)!;
      expect(notice).toMatchObject({ is_read: 0, data: { request_id: request.id, tenant_id: d.id } });
    }
    const unreadBefore = (await t.call('GET', '/dashboard/notifications', { token: developer })).body.unread as number;
    await t.call('POST', `/requests/${request.id}/accept`, { token: owner });
    for (const token of [owner, developer]) {
      const notice = (await notices(token)).find((n) => n.kind === 'requestSubmitted' && n.data.request_id === request.id)!;
      expect(notice.is_read).toBe(1);
    }
    expect((await t.call('GET', '/dashboard/notifications', { token: developer })).body.unread).toBe(unreadBefore - 1);
  });

  it('one opened from its link is marked read through the declared resource', async () => {
    const d = await doctor();
    await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { region: 'Ranya' } });
    const request = await pendingAbout(d.id);
    const notice = (await t.call('GET', '/notifications?per_page=100', { token: owner })).body.data as (Notice & { id: number })[];
    const mine = notice.find((n) => n.data.request_id === request.id)!;
    expect((await t.call('PATCH', `/notifications/${mine.id}`, { token: owner, body: { is_read: 1 } })).status).toBe(200);
    expect((await notices(owner)).find((n) => n.data.request_id === request.id)!.is_read).toBe(1);
    // Someone else's notice is not there for the Owner to touch.
    const other = ((await t.call('GET', '/notifications?per_page=100', { token: developer })).body.data as (Notice & { id: number })[]).find((n) => n.data.request_id === request.id)!;
    expect((await t.call('PATCH', `/notifications/${other.id}`, { token: owner, body: { is_read: 1 } })).status).toBe(404);
    await t.call('POST', `/requests/${request.id}/reject`, { token: owner });
  });

  it('are readable by a Service Admin, whose bell opens the same page', async () => {
    const service = await t.login(CENTRAL, 'service');
    expect((await t.call('GET', '/notifications', { token: service })).status).toBe(200);
  });
});

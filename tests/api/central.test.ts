// The central workflows: Admins' requests and the pending lock, plan changes, invoices and
// renewals, the suspension job with a moved clock, and notifications.
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSubscriptionJob } from '../../resources/platform/subscriptions';
import { CENTRAL, type TestApp, startTestApp } from './harness';

let t: TestApp;
let owner: string;
let admin: string;
let plans: { id: number; price: number; discount: number }[];
let serial = 0;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(CENTRAL, 'owner');
  admin = await t.login(CENTRAL, 'admin');
  plans = (await t.call('GET', '/plans?sort=price', { token: owner })).body.data as typeof plans;
});
afterAll(() => t?.close());

function doctor(extra: Record<string, unknown> = {}) {
  serial += 1;
  return { name: `Dr. Test ${serial}`, subdomain: `clinic-${serial}`, username: `doc${serial}`, password: 'doctor-pass-123', plan_id: plans[0].id, ...extra };
}

async function createDirect(extra: Record<string, unknown> = {}) {
  const body = doctor(extra);
  const res = await t.call('POST', '/tenants', { token: owner, body });
  expect(res.status).toBe(201);
  return { ...(res.body.data as { id: number; subdomain: string }), body };
}

const requests = async (token = owner) => (await t.call('GET', '/requests?filter[status]=pending', { token })).body.data as { id: number; kind: string; tenant_id: number | null; payload: Record<string, unknown> }[];

describe('requests', () => {
  it("turns an Admin's new doctor into a request; the Owner accepts it and the clinic works", async () => {
    const body = doctor();
    const res = await t.call('POST', '/tenants', { token: admin, body });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe("Your request to add this doctor has been sent. Please wait for the owner's approval");
    expect((await t.call('GET', `/tenants?filter[subdomain]=${body.subdomain}`, { token: owner })).body.data).toEqual([]);

    // A second request for the same subdomain waits for nothing: it is refused at once.
    const again = await t.call('POST', '/tenants', { token: admin, body: { ...doctor(), subdomain: body.subdomain } });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors ?? {})).toEqual(['subdomain']);

    const pending = (await requests()).find((r) => r.kind === 'create' && r.payload.subdomain === body.subdomain)!;
    expect(pending.payload).not.toHaveProperty('password');
    expect((pending as unknown as { requester_name: string }).requester_name).toBe('Shilan Hama');
    expect(pending.payload).not.toHaveProperty('password_hash');
    const notes = await t.call('GET', '/dashboard/notifications', { token: owner });
    expect((notes.body.notifications as { message: string }[])[0].message).toBe(`New request: add doctor ${body.name}`);

    expect((await t.call('POST', `/requests/${pending.id}/accept`, { token: admin })).status).toBe(403);
    const accepted = await t.call('POST', `/requests/${pending.id}/accept`, { token: owner });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('Request accepted successfully');
    expect((await t.call('POST', `/requests/${pending.id}/accept`, { token: owner })).status).toBe(422);

    const login = await t.call('POST', '/auth/tenant/login', { host: `${body.subdomain}.localhost`, body: { username: body.username, password: body.password } });
    expect(login.status).toBe(200);
    const adminNotes = await t.call('GET', '/dashboard/notifications', { token: admin });
    expect((adminNotes.body.notifications as { kind: string }[])[0].kind).toBe('requestAccepted');
  });

  it('locks a doctor while a request about it is pending, for everyone, until it is decided', async () => {
    const d = await createDirect();
    const res = await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { name: 'Renamed by admin' } });
    expect(res.status).toBe(202);
    const lock = await t.call('PATCH', `/tenants/${d.id}`, { token: owner, body: { name: 'Owner edit' } });
    expect(lock.status).toBe(422);
    expect(lock.body.message).toBe("You can't edit this doctor until the request is completed!");
    expect((await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { name: 'Again' } })).status).toBe(422);
    expect((await t.call('DELETE', `/tenants/${d.id}`, { token: owner })).status).toBe(422);

    const pending = (await requests()).find((r) => r.tenant_id === d.id)!;
    const rejected = await t.call('POST', `/requests/${pending.id}/reject`, { token: owner });
    expect(rejected.body.message).toBe('Request rejected successfully');
    expect(((await t.call('GET', `/tenants/${d.id}`, { token: owner })).body.data as { name: string }).name).toBe(d.body.name);
    expect((await t.call('PATCH', `/tenants/${d.id}`, { token: owner, body: { name: 'Owner edit' } })).status).toBe(200);
    const history = (await t.call('GET', `/actions?filter[tenant_id]=${d.id}&sort=created_at`, { token: owner })).body.data as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['created', 'no_action']);
  });

  it("applies an accepted update and an accepted delete; the Owner and Developer act directly", async () => {
    const d = await createDirect();
    await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { name: 'Accepted name' } });
    await t.call('POST', `/requests/${(await requests()).find((r) => r.tenant_id === d.id)!.id}/accept`, { token: owner });
    expect(((await t.call('GET', `/tenants/${d.id}`, { token: owner })).body.data as { name: string }).name).toBe('Accepted name');

    // A new password in an Admin's update reaches the clinic's Main Doctor once accepted.
    await t.call('PATCH', `/tenants/${d.id}`, { token: admin, body: { password: 'changed-by-admin-1' } });
    await t.call('POST', `/requests/${(await requests()).find((r) => r.tenant_id === d.id)!.id}/accept`, { token: owner });
    const relogin = (password: string) => t.call('POST', '/auth/tenant/login', { host: `${d.subdomain}.localhost`, body: { username: d.body.username, password } });
    expect((await relogin('changed-by-admin-1')).status).toBe(200);
    expect((await relogin(d.body.password)).status).toBe(422);

    expect((await t.call('DELETE', `/tenants/${d.id}`, { token: admin })).status).toBe(202);
    const del = (await requests()).find((r) => r.tenant_id === d.id && r.kind === 'delete')!;
    const dev = await t.login(CENTRAL, 'developer');
    expect((await t.call('POST', `/requests/${del.id}/accept`, { token: dev })).status).toBe(200);
    // The Admin is told which doctor, though a delete request carries no name.
    const told = await t.call('GET', '/dashboard/notifications', { token: admin });
    expect((told.body.notifications as { message: string }[])[0].message).toBe('Your request about Accepted name was accepted');
    expect((await t.call('GET', `/tenants/${d.id}`, { token: owner })).status).toBe(404);
    const kept = await t.call('GET', `/requests/${del.id}`, { token: owner });
    expect(kept.body.data).toMatchObject({ status: 'accepted', kind: 'delete' });
  });
});

describe('plans and invoices', () => {
  it('changes the plan only to a different one, and records it', async () => {
    const d = await createDirect();
    const same = await t.call('PUT', `/tenants/${d.id}/plan`, { token: owner, body: { plan_id: plans[0].id } });
    expect(same.status).toBe(422);
    expect(same.body.errors?.plan_id).toEqual(['Please select a different plan']);
    const changed = await t.call('PUT', `/tenants/${d.id}/plan`, { token: owner, body: { plan_id: plans[1].id } });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Plan updated');
    const history = (await t.call('GET', `/actions?filter[tenant_id]=${d.id}&sort=created_at`, { token: owner })).body.data as { action: string; plan_id: number }[];
    expect(history.map((h) => h.action)).toEqual(['created', 'changed']);
    expect(history[1].plan_id).toBe(plans[1].id);
    // An Admin's plan change is a request.
    expect((await t.call('PUT', `/tenants/${d.id}/plan`, { token: admin, body: { plan_id: plans[2].id } })).status).toBe(202);
  });

  it("invoices registration and renewal at the plan's price less its discount", async () => {
    const d = await createDirect({ plan_id: plans[2].id });
    const expected = Math.round(plans[2].price * (100 - plans[2].discount)) / 100;
    const first = (await t.call('GET', `/invoices?filter[tenant_id]=${d.id}`, { token: owner })).body.data as { kind: string; amount: number; is_paid: boolean; due_on: string; issued_on: string }[];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'registration', amount: expected, is_paid: false });
    expect(dayjs(first[0].due_on).diff(dayjs(first[0].issued_on), 'day')).toBe(30);

    const before = (await t.call('GET', `/tenants/${d.id}`, { token: owner })).body.data as { subscription_end: string };
    const renewed = await t.call('POST', `/tenants/${d.id}/renew`, { token: owner });
    expect(renewed.status).toBe(200);
    expect((renewed.body.data as { subscription_end: string }).subscription_end).toBe(dayjs(before.subscription_end).add(1, 'year').format('YYYY-MM-DD'));
    const all = (await t.call('GET', `/invoices?filter[tenant_id]=${d.id}&sort=issued_on`, { token: owner })).body.data as { kind: string }[];
    expect(all.map((i) => i.kind).sort()).toEqual(['registration', 'renewal']);
    expect((await t.call('POST', `/tenants/${d.id}/renew`, { token: admin })).status).toBe(403);
  });
});

describe('suspension job', () => {
  it('suspends a clinic whose invoice is unpaid 30 days after registration, and payment brings it back', async () => {
    const d = await createDirect();
    const host = `${d.subdomain}.localhost`;
    const loginAs = () => t.call('POST', '/auth/tenant/login', { host, body: { username: d.body.username, password: d.body.password } });

    expect((await runSubscriptionJob(t.db.kysely, dayjs().add(29, 'day').toDate())).suspended).not.toContain(d.id);
    expect((await loginAs()).status).toBe(200);

    const later = dayjs().add(31, 'day').toDate();
    expect((await runSubscriptionJob(t.db.kysely, later)).suspended).toContain(d.id);
    expect((await runSubscriptionJob(t.db.kysely, later)).suspended).not.toContain(d.id); // once only
    // The platform's own action is in the central activity, once, with no user.
    const events = (await t.call('GET', `/audit?filter[action]=suspend_unpaid&filter[record_id]=${d.id}`, { token: owner })).body.data as { resource: string; user_id: number | null; actor_scope: string }[];
    expect(events.map((e) => [e.resource, e.user_id, e.actor_scope])).toEqual([['tenants', null, 'central']]);
    const refused = await loginAs();
    expect(refused.status).toBe(417);
    expect(refused.body.message).toBe('Account is suspended or archived');

    const invoice = ((await t.call('GET', `/invoices?filter[tenant_id]=${d.id}`, { token: owner })).body.data as { id: number }[])[0];
    expect((await t.call('PATCH', `/invoices/${invoice.id}`, { token: admin, body: { is_paid: true } })).status).toBe(403);
    const paid = await t.call('PATCH', `/invoices/${invoice.id}`, { token: owner, body: { is_paid: true } });
    expect((paid.body.data as { paid_at: string | null }).paid_at).toBeTruthy();
    expect((await loginAs()).status).toBe(200);
    const history = (await t.call('GET', `/actions?filter[tenant_id]=${d.id}&sort=created_at`, { token: owner })).body.data as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['created', 'suspended', 'reactivated']);
  });

  it('keeps a clinic suspended by hand suspended when its invoice is paid', async () => {
    const d = await createDirect();
    expect((await t.call('PATCH', `/tenants/${d.id}`, { token: owner, body: { status: 1 } })).status).toBe(200);
    const invoice = ((await t.call('GET', `/invoices?filter[tenant_id]=${d.id}`, { token: owner })).body.data as { id: number }[])[0];
    expect((await t.call('PATCH', `/invoices/${invoice.id}`, { token: owner, body: { is_paid: true } })).status).toBe(200);
    const login = await t.call('POST', '/auth/tenant/login', { host: `${d.subdomain}.localhost`, body: { username: d.body.username, password: d.body.password } });
    expect(login.status).toBe(417);
  });

  it('does nothing while another process holds the job', async () => {
    const { sql } = await import('kysely');
    if (t.db.kind !== 'postgres') return; // one connection in PGlite: nothing can hold it meanwhile
    const held = await t.db.kysely.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(727001)`.execute(conn);
      try {
        return await runSubscriptionJob(t.db.kysely, dayjs().add(400, 'day').toDate());
      } finally {
        await sql`select pg_advisory_unlock(727001)`.execute(conn);
      }
    });
    expect(held.suspended).toEqual([]);
  });
});

describe('notifications', () => {
  it('lists unread ones and marks all as read', async () => {
    const dev = await t.login(CENTRAL, 'developer');
    await t.call('POST', '/tenants', { token: admin, body: doctor() });
    const before = await t.call('GET', '/notifications?filter[is_read]=0', { token: dev });
    expect((before.body.meta as { total: number }).total).toBeGreaterThan(0);
    const marked = await t.call('PUT', '/dashboard/notifications/markAllAsRead', { token: dev });
    expect(marked.status).toBe(200);
    expect((await t.call('GET', '/dashboard/notifications', { token: dev })).body.unread).toBe(0);
    expect(((await t.call('GET', '/notifications?filter[is_read]=0', { token: dev })).body.meta as { total: number }).total).toBe(0);
    expect(((await t.call('GET', '/notifications?filter[is_read]=1', { token: dev })).body.meta as { total: number }).total).toBeGreaterThan(0);
  });
});

// The platform's Activity trail names what happened (issue 39, item 5): a clinic suspended,
// archived, reactivated, renewed, its plan changed, an Admin's request sent, accepted, rejected;
// each by its actor (name and role) and its record by title, not "changed · Doctors · 3".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let owner: string;
let admin: string;
let plans: { id: number }[];
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(CENTRAL, 'owner');
  admin = await t.login(CENTRAL, 'admin');
  plans = (await t.call('GET', '/plans?sort=price', { token: owner })).body.data as typeof plans;
});
afterAll(() => t?.close());

interface Event {
  id: number;
  action: string;
  resource: string | null;
  record_id: number | null;
  actor_name: string | null;
  actor_role: number | null;
  actor_scope: string;
}

async function trail(after: number, lang = 'en'): Promise<{ events: Event[]; labels: Record<string, Record<string, string>> }> {
  const res = await t.call('GET', `/audit?per_page=100&filter[id][gt]=${after}&sort=id`, { token: owner, lang });
  expect(res.status).toBe(200);
  return { events: res.body.data as Event[], labels: res.body.labels as Record<string, Record<string, string>> };
}

async function lastId(): Promise<number> {
  const res = await t.call('GET', '/audit?per_page=1&sort=-id', { token: owner });
  return (res.body.data as Event[])[0]?.id ?? 0;
}

describe('the Activity trail', () => {
  it("names each act on a clinic and each request, with its actor's role and the clinic's title", async () => {
    const mark = await lastId();
    const created = await t.call('POST', '/tenants', { token: owner, body: { name: 'Dr. Trail Named', subdomain: 'trail-named', username: 'trailnamed', password: 'doctor-pass-123', plan_id: plans[0].id } });
    expect(created.status).toBe(201);
    const id = (created.body.data as { id: number }).id;
    for (const status of [1, 2, 0]) expect((await t.call('PATCH', `/tenants/${id}`, { token: owner, body: { status } })).status).toBe(200);
    expect((await t.call('POST', `/tenants/${id}/renew`, { token: owner })).status).toBe(200);
    expect((await t.call('PUT', `/tenants/${id}/plan`, { token: owner, body: { plan_id: plans[1].id } })).status).toBe(200);
    // An Admin's requests: one rejected, one accepted.
    expect((await t.call('PATCH', `/tenants/${id}`, { token: admin, body: { skill: 'Cardiology' } })).status).toBe(202);
    const asked = (await t.call('GET', `/requests?filter[tenant_id]=${id}&filter[status]=pending`, { token: owner })).body.data as { id: number }[];
    expect((await t.call('POST', `/requests/${asked[0].id}/reject`, { token: owner, body: {} })).status).toBe(200);
    expect((await t.call('PUT', `/tenants/${id}/plan`, { token: admin, body: { plan_id: plans[0].id } })).status).toBe(202);
    const second = (await t.call('GET', `/requests?filter[tenant_id]=${id}&filter[status]=pending`, { token: owner })).body.data as { id: number }[];
    expect((await t.call('POST', `/requests/${second[0].id}/accept`, { token: owner })).status).toBe(200);

    const { events, labels } = await trail(mark);
    const about = events.filter((e) => (e.resource === 'tenants' && e.record_id === id) || (e.resource === 'doctorRequests' && [asked[0].id, second[0].id].includes(e.record_id!)));
    const said = about.map((e) => [e.action, e.resource, e.actor_name, e.actor_role]);
    expect(said).toEqual([
      ['create', 'tenants', 'Aram Qadir', 0],
      ['suspend', 'tenants', 'Aram Qadir', 0],
      ['archive', 'tenants', 'Aram Qadir', 0],
      ['reactivate', 'tenants', 'Aram Qadir', 0],
      ['renew', 'tenants', 'Aram Qadir', 0],
      ['plan_change', 'tenants', 'Aram Qadir', 0],
      ['request', 'doctorRequests', 'Shilan Hama', 1],
      ['reject', 'doctorRequests', 'Aram Qadir', 0],
      ['request', 'doctorRequests', 'Shilan Hama', 1],
      ['accept', 'doctorRequests', 'Aram Qadir', 0],
      ['plan_change', 'tenants', 'Aram Qadir', 0],
    ]);
    expect(about.every((e) => e.actor_scope === 'central')).toBe(true);
    // The records by title: the clinic, and each request by the doctor it is about.
    expect(labels.record_id[`tenants:${id}`]).toBe('Dr. Trail Named');
    expect(labels.record_id[`doctorRequests:${asked[0].id}`]).toBe('Dr. Trail Named');
  });

  it("names a clinic's records in its own trail: the patient by name, the actor's role in the clinic", async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const made = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Trail Named Patient', gender: 1 } });
    expect(made.status).toBe(201);
    const id = (made.body.data as { id: number }).id;
    const res = await t.call('GET', `/audit?filter[record_id]=${id}&filter[resource]=patients`, { host: DEMO, token: doctor });
    expect(res.status).toBe(200);
    const [created] = (res.body.data as Event[]).filter((e) => e.action === 'create');
    expect(created).toMatchObject({ actor_scope: 'tenant', actor_role: 0 });
    const labels = res.body.labels as Record<string, Record<string, string>>;
    expect(labels.record_id[`patients:${id}`]).toBe('Trail Named Patient');
    expect(labels.patient_id[`patients:${id}`]).toBe('Trail Named Patient');
  });
});

// Writes a device queued during an internet cut (issue 37), as the server takes them: the same
// Idempotency-Key answers the first answer on POST, PATCH and DELETE; an offline operation's key
// is kept 14 days, another's one; over the registry only the resources declared `offline` accept a
// client reference (sent twice, it makes one record: tests/api/offline-client-refs.test.ts); the audit trail records the
// device time and the device, sealed in its chain; malformed offline headers are refused.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { type ResourceDef, resourceActions } from '../../src/shared/resource';
import { sealEvents } from '../../src/server/audit/chain';
import { OFFLINE_KEPT_DAYS, purgeIdempotencyKeys } from '../../src/server/http/idempotency';
import { DEMO, type Reply, type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, recordCount, relationsFor, tokenFor } from './fixtures';
import { sampleInput, sampleUpdate } from './samples';

let t: TestApp;
let doctor: string;
beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

const offline = resources.filter((def) => def.offline);
const others = resources.filter((def) => !def.offline && resourceActions(def).includes('create'));
const deletable = offline.filter((def) => resourceActions(def).includes('delete'));

/** Headers of a change entered offline on `device`. */
const entered = (device: string, at = '2026-05-04T07:41:09.250+03:00') => ({ 'x-offline-entered-at': at, 'x-device-id': device });


async function body(def: ResourceDef): Promise<Record<string, unknown>> {
  return sampleInput(def, await relationsFor(t, def, DEMO));
}

const dataOf = (res: Reply) => res.body.data as { id: number; version: number; client_ref?: string | null } & Record<string, unknown>;

it('the registry declares offline exactly the records a desk makes during a cut (issue 37, item 2)', () => {
  expect(offline.map((d) => d.name).sort()).toEqual(['allergies', 'appointments', 'patients', 'payments', 'visitings']);
});

describe.each(offline.map((def) => [def.name, def] as const))('%s (offline)', (_n, def) => {
  it('a client reference is given on create only, as a UUID, and never changed', async () => {
    const bad = await t.call('POST', `/${def.path}`, { host: DEMO, token: doctor, body: { ...(await body(def)), client_ref: 'not-a-uuid' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('client_ref');
    const made = await createRecord(t, def, DEMO);
    const change = await t.call('PATCH', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, body: { client_ref: randomUUID() } });
    expect(change.status).toBe(422);
    expect(change.body.errors).toHaveProperty('client_ref');
  });

  it('the same Idempotency-Key on PATCH answers the first answer and changes nothing more', async () => {
    const made = await createRecord(t, def, DEMO);
    const key = randomUUID();
    const change = sampleUpdate(def);
    const headers = { 'idempotency-key': key, 'if-match': `"${String(made.version)}"`, ...entered(randomUUID()) };
    const first = await t.call('PATCH', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, body: change, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(dataOf(first).version).toBe(Number(made.version) + 1);
    // Sent again (the answer was lost): not a 412 on the old version, the first answer.
    const again = await t.call('PATCH', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, body: change, headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const now = await t.call('GET', `/${def.path}/${made.id}`, { host: DEMO, token: doctor });
    expect(dataOf(now).version).toBe(dataOf(first).version);
    // Without the key the change is judged again on its old version: the same change asks for
    // nothing the record lacks (answered with it, unchanged), another one is a conflict.
    const judged = await t.call('PATCH', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, body: change, headers: { 'if-match': headers['if-match'] } });
    expect(judged.status).toBe(200);
    expect(judged.headers['idempotent-replayed']).toBeUndefined();
    expect(dataOf(judged).version).toBe(dataOf(first).version);
    expect((await t.call('PATCH', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, body: sampleUpdate(def, 1), headers: { 'if-match': headers['if-match'] } })).status).toBe(412);
    // The same key for another change is refused.
    const other = await t.call('PATCH', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, body: sampleUpdate(def), headers });
    expect(other.status).toBe(422);
  });
});

describe.each(deletable.map((def) => [def.name, def] as const))('%s (offline, deleted)', (_n, def) => {
  it('the same Idempotency-Key on DELETE answers the first answer', async () => {
    const made = await createRecord(t, def, DEMO);
    const headers = { 'idempotency-key': randomUUID(), 'if-match': `"${String(made.version)}"` };
    const first = await t.call('DELETE', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, headers });
    expect([200, 204], JSON.stringify(first.body)).toContain(first.status);
    const again = await t.call('DELETE', `/${def.path}/${made.id}`, { host: DEMO, token: doctor, headers });
    expect(again.status).toBe(first.status);
    expect(again.raw.toString()).toBe(first.raw.toString());
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Without the key a repeat meets what the first did: the record is gone (or archived already).
    const bare = await t.call('DELETE', `/${def.path}/${made.id}`, { host: DEMO, token: doctor });
    if (first.status === 204) expect(bare.status).toBe(404);
  });
});

describe.each(others.map((def) => [def.name, def] as const))('%s (online only)', (_n, def) => {
  it('refuses a client reference', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const res = await t.call('POST', `/${def.path}`, { host, token, body: { ...sampleInput(def), client_ref: randomUUID() } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('client_ref');
  });
});

describe('an offline operation', () => {
  const patients = offline.find((d) => d.name === 'patients')!;

  it('keeps its Idempotency-Key 14 days, another key one day', async () => {
    const offlineKey = randomUUID();
    const onlineKey = randomUUID();
    const offlineBody = await body(patients);
    const onlineBody = await body(patients);
    const first = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: offlineBody, headers: { 'idempotency-key': offlineKey, ...entered(randomUUID()) } });
    const online = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: onlineBody, headers: { 'idempotency-key': onlineKey } });
    expect([first.status, online.status]).toEqual([201, 201]);
    // Three days later (a weekend after a power cut).
    await sql`update idempotency_keys set created_at = now() - interval '3 days' where key in (${offlineKey}, ${onlineKey})`.execute(t.db.kysely);
    const replay = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: offlineBody, headers: { 'idempotency-key': offlineKey, ...entered(randomUUID()) } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(dataOf(replay).id).toBe(dataOf(first).id);
    await sql`update idempotency_keys set created_at = now() - interval '3 days' where key = ${onlineKey}`.execute(t.db.kysely);
    await purgeIdempotencyKeys(t.db.kysely);
    const kept = async (key: string) => (await sql<{ n: number }>`select count(*)::int as n from idempotency_keys where key = ${key}`.execute(t.db.kysely)).rows[0].n;
    expect(await kept(offlineKey)).toBe(1);
    expect(await kept(onlineKey)).toBe(0);
    await sql`update idempotency_keys set created_at = now() - make_interval(days => ${OFFLINE_KEPT_DAYS + 1}) where key = ${offlineKey}`.execute(t.db.kysely);
    await purgeIdempotencyKeys(t.db.kysely);
    expect(await kept(offlineKey)).toBe(0);
  });

  it('is marked in the audit trail with its device time and device, inside the sealed chain', async () => {
    const device = randomUUID();
    const res = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { ...(await body(patients)), client_ref: randomUUID() }, headers: entered(device) });
    expect(res.status).toBe(201);
    const id = dataOf(res).id;
    const trail = await t.call('GET', `/audit?filter[resource]=patients&filter[record_id]=${id}`, { host: DEMO, token: doctor });
    expect(trail.status).toBe(200);
    const events = trail.body.data as { action: string; entered_offline_at: string | null; device_id: string | null }[];
    const created = events.find((e) => e.action === 'create');
    expect(created).toMatchObject({ device_id: device });
    expect(new Date(created!.entered_offline_at!).toISOString()).toBe('2026-05-04T04:41:09.250Z');
    // An online change of the same record carries neither.
    await t.call('PATCH', `/patients/${id}`, { host: DEMO, token: doctor, body: sampleUpdate(patients) });
    const after = (await t.call('GET', `/audit?filter[resource]=patients&filter[record_id]=${id}&filter[action]=update`, { host: DEMO, token: doctor })).body.data as typeof events;
    expect(after[0]).toMatchObject({ entered_offline_at: null, device_id: null });

    await sealEvents(t.db.kysely);
    expect((await t.call('GET', '/audit/verify', { host: DEMO, token: doctor })).body).toMatchObject({ ok: true });
    // The device is part of what the seal holds: changed behind the trail's back, it shows.
    await sql`alter table audit_events disable trigger audit_events_append_only`.execute(t.db.kysely);
    await sql`update audit_events set device_id = ${randomUUID()} where resource = 'patients' and record_id = ${id} and action = 'create'`.execute(t.db.kysely);
    await sql`alter table audit_events enable trigger audit_events_append_only`.execute(t.db.kysely);
    expect((await t.call('GET', '/audit/verify', { host: DEMO, token: doctor })).body).toMatchObject({ ok: false, broken: { reason: 'altered' } });
  });

  it.each([
    ['a time without a zone', { 'x-offline-entered-at': '2026-05-04T07:41:09', 'x-device-id': randomUUID() }],
    ['a time that is no instant', { 'x-offline-entered-at': '2026-02-30T07:41:09Z', 'x-device-id': randomUUID() }],
    ['words for a time', { 'x-offline-entered-at': 'this morning', 'x-device-id': randomUUID() }],
    ['a device that is not a UUID', { 'x-offline-entered-at': '2026-05-04T07:41:09Z', 'x-device-id': 'desk-1' }],
    ['a time without its device', { 'x-offline-entered-at': '2026-05-04T07:41:09Z' }],
  ])('refuses %s, and makes nothing', async (_name, headers) => {
    const before = await recordCount(t, patients, DEMO, doctor);
    const res = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: await body(patients), headers });
    expect(res.status).toBe(422);
    expect(await recordCount(t, patients, DEMO, doctor)).toBe(before);
  });
});

describe('a payment taken offline', () => {
  const payments = offline.find((d) => d.name === 'payments')!;

  it("keeps the receipt's provisional number beside the server's, given on create only and in the device's form", async () => {
    const ref = randomUUID();
    const input = { ...(await body(payments)), client_ref: ref, provisional_receipt: '7F3A-12' };
    const made = await t.call('POST', '/payments', { host: DEMO, token: doctor, body: input, headers: { 'idempotency-key': ref, ...entered(randomUUID()) } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(dataOf(made)).toMatchObject({ provisional_receipt: '7F3A-12' });
    expect(Number(dataOf(made).receipt_number)).toBeGreaterThan(0);
    const found = await t.call('GET', '/payments?filter[provisional_receipt]=7F3A-12', { host: DEMO, token: doctor });
    expect((found.body.data as { id: number }[]).map((p) => p.id)).toContain(dataOf(made).id);

    const change = await t.call('PATCH', `/payments/${dataOf(made).id}`, { host: DEMO, token: doctor, body: { provisional_receipt: '7F3A-13' } });
    expect(change.status).toBe(422);
    expect(change.body.errors).toHaveProperty('provisional_receipt');
    for (const bad of ['7f3a-12', 'DESK-1', '7F3A-', '7F3A-1234567890']) {
      const res = await t.call('POST', '/payments', { host: DEMO, token: doctor, body: { ...(await body(payments)), provisional_receipt: bad } });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors, bad).toHaveProperty('provisional_receipt');
    }
  });
});

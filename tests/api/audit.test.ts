// The audit trail (issue 14). Generated from the registry: every create, update and delete writes
// exactly one event naming the actor and the changed fields; reads of a patient's data write one,
// other reads none. The trail is append-only for every role and tamper-evident.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import type { Database } from '../../src/server/db/schema';
import { type ResourceDef, resourceActions } from '../../src/shared/resource';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, tokenFor } from './fixtures';
import { sampleUpdate } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

interface EventRow {
  id: number;
  tenant_id: number | null;
  actor_scope: string | null;
  user_id: number | null;
  actor_name: string | null;
  action: string;
  resource: string | null;
  record_id: number | null;
  patient_id: number | null;
  patient_ids: number[] | null;
  fields: string[] | null;
  ip: string | null;
  user_agent: string | null;
}

/** Events written since `after` (read as the database owner, past row-level security), reads' batch included. */
async function eventsSince(after: number): Promise<EventRow[]> {
  await t.app.auditReads?.flush();
  const { rows } = await sql<EventRow>`select * from audit_events where id > ${after} order by at, id`.execute(t.db.kysely as Kysely<Database>);
  return rows;
}

async function lastEventId(): Promise<number> {
  await t.app.auditReads?.flush();
  const { rows } = await sql<{ id: number | null }>`select max(id) as id from audit_events`.execute(t.db.kysely);
  return Number(rows[0].id ?? 0);
}

async function me(def: ResourceDef): Promise<number> {
  const host = hostOf(def);
  const res = await t.call('GET', def.scope === 'central' ? '/auth/user' : '/auth/tenant/user', { host, token: await tokenFor(t, def, host) });
  return (res.body.data as { id: number }).id;
}

const audited = resources.filter((def) => !def.appendOnly);
const writable = audited.filter((def) => resourceActions(def).includes('create'));

describe.each(writable.map((def) => [def.name, def] as const))('audit of changes: %s', (_n, def) => {
  it('create, update and delete each write exactly one event with the actor and the fields', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const userId = await me(def);

    let mark = await lastEventId();
    const record = await createRecord(t, def, host);
    const created = (await eventsSince(mark)).filter((e) => e.resource === def.name && e.action !== 'read' && e.action !== 'list');
    expect(created.map((e) => e.action)).toEqual(['create']);
    expect(created[0]).toMatchObject({ record_id: record.id, user_id: userId, actor_scope: def.scope, tenant_id: def.scope === 'tenant' ? expect.any(Number) : null });
    expect(created[0].fields?.length).toBeGreaterThan(0);

    if (resourceActions(def).includes('update')) {
      const change = sampleUpdate(def);
      mark = await lastEventId();
      expect((await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: change })).status).toBe(200);
      const updated = (await eventsSince(mark)).filter((e) => e.resource === def.name);
      expect(updated.map((e) => e.action)).toEqual(['update']);
      expect(updated[0].fields).toEqual(Object.keys(change));
      expect(updated[0].user_id).toBe(userId);
    }
    if (resourceActions(def).includes('delete')) {
      mark = await lastEventId();
      const del = await t.call('DELETE', `/${def.path}/${record.id}`, { host, token });
      expect([200, 202, 204]).toContain(del.status);
      const removed = (await eventsSince(mark)).filter((e) => e.resource === def.name && e.record_id === record.id);
      // 202: an Admin's delete became a request (nothing deleted yet); here the Owner deletes.
      expect(removed.map((e) => e.action)).toEqual([del.status === 200 ? 'archive' : 'delete']);
    }
  });
});

const readable = audited.filter((def) => resourceActions(def).includes('read') && resourceActions(def).includes('create'));

describe.each(readable.map((def) => [def.name, def] as const))('audit of reads: %s', (_n, def) => {
  it(def.patientData ? "reading a record or a list of a patient's data writes one event naming the patients" : 'reading writes no event', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const record = await createRecord(t, def, host);
    let mark = await lastEventId();
    expect((await t.call('GET', `/${def.path}/${record.id}`, { host, token })).status).toBe(200);
    const reads = await eventsSince(mark);
    mark = await lastEventId();
    expect((await t.call('GET', `/${def.path}?filter[id][in]=${record.id}`, { host, token })).status).toBe(200);
    const lists = await eventsSince(mark);
    if (!def.patientData) {
      expect(reads).toEqual([]);
      expect(lists).toEqual([]);
      return;
    }
    const patientId = def.name === 'patients' ? record.id : record.patient_id;
    expect(reads.map((e) => [e.action, e.resource, e.record_id, e.patient_id])).toEqual([['read', def.name, record.id, patientId]]);
    expect(lists.map((e) => [e.action, e.resource, e.patient_ids])).toEqual([['list', def.name, [patientId]]]);
  });
});

describe('audit of accounts', () => {
  it('logins, failed logins, logouts, password and permission changes are events', async () => {
    const mark = await lastEventId();
    expect((await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'nurse', password: 'wrong-password-123' } })).status).toBe(422);
    const login = await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'nurse', password: 'demo-pass-1234' }, headers: { 'user-agent': 'TestBrowser/1.0' } });
    const token = String(login.body.token);
    expect((await t.call('PUT', '/auth/tenant/profile/password', { host: DEMO, token, body: { current_password: 'demo-pass-1234', password: 'cedar-window-4821', password_confirmation: 'cedar-window-4821' } })).status).toBe(200);
    // Back to the demo password for the rest of the file (the policy refuses 'demo' in the demo clinic's passwords).
    await sql`update tenant_users n set password_hash = d.password_hash from tenant_users d where n.username = 'nurse' and d.username = 'doctor' and n.tenant_id = d.tenant_id`.execute(t.db.kysely);
    expect((await t.call('POST', '/auth/tenant/logout', { host: DEMO, token })).status).toBe(204);
    const doctor = await t.login(DEMO, 'doctor');
    const nurse = (login.body.user as { id: number; permissions: { id: number }[] });
    expect((await t.call('PUT', '/permissions/update', { host: DEMO, token: doctor, body: { user: nurse.id, permissions: nurse.permissions.map((p) => p.id) } })).status).toBe(200);

    const events = await eventsSince(mark);
    expect(events.map((e) => e.action)).toEqual(['login_failed', 'login', 'password_change', 'logout', 'permissions_change']);
    expect(events[0]).toMatchObject({ user_id: nurse.id, actor_name: expect.any(String), ip: '127.0.0.1' });
    expect(events[1]).toMatchObject({ user_id: nurse.id, user_agent: 'TestBrowser/1.0', tenant_id: expect.any(Number) });
    expect(events[4]).toMatchObject({ record_id: nurse.id, resource: 'tenantUsers' });
    expect(events[4].fields?.length).toBe(nurse.permissions.length);
  });
});

describe('the trail itself', () => {
  it('verifies, and names the first event altered behind its back', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    await createRecord(t, resourceByName('patients'), DEMO);
    const good = await t.call('GET', '/audit/verify', { host: DEMO, token: doctor });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ ok: true });
    expect(Number(good.body.count)).toBeGreaterThan(0);

    const { rows } = await sql<{ id: number }>`select e.id from audit_events e join tenants c on c.id = e.tenant_id where c.subdomain = 'demo' order by e.id limit 1 offset 2`.execute(t.db.kysely);
    const victim = rows[0].id;
    // Only someone bypassing the application could do this: disable the guard, edit, re-enable.
    await sql`alter table audit_events disable trigger audit_events_append_only`.execute(t.db.kysely);
    await sql`update audit_events set actor_name = 'someone else' where id = ${victim}`.execute(t.db.kysely);
    await sql`alter table audit_events enable trigger audit_events_append_only`.execute(t.db.kysely);

    const bad = await t.call('GET', '/audit/verify', { host: DEMO, token: doctor });
    expect(bad.body).toMatchObject({ ok: false, broken: { id: victim, reason: 'altered' } });
    // The platform's own chain is another chain, still whole.
    const central = await t.call('GET', '/audit/verify', { token: await t.login(CENTRAL, 'owner') });
    expect(central.body).toMatchObject({ ok: true });
  });

  it('is read by the Main Doctor (filters), not by other staff; centrally by the Owner and the Developer', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const nurse = await t.login(DEMO, 'nurse');
    expect((await t.call('GET', `/patients/${patient.id}`, { host: DEMO, token: nurse })).status).toBe(200);

    const opened = await t.call('GET', `/audit?filter[patient_id]=${patient.id}&filter[action]=read`, { host: DEMO, token: doctor });
    expect(opened.status).toBe(200);
    const rows = opened.body.data as EventRow[];
    const nurseId = ((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: nurse })).body.data as { id: number }).id;
    expect(rows.map((r) => [r.action, r.user_id, r.actor_scope])).toEqual([['read', nurseId, 'tenant']]);
    // Lists of values come back as they are (not turned into {} by the answer's schema).
    expect([rows[0].patient_ids, rows[0].fields]).toEqual([null, null]);
    expect((await t.call('PATCH', `/patients/${patient.id}`, { host: DEMO, token: doctor, body: { occupation: 'teacher' } })).status).toBe(200);
    const updated = await t.call('GET', `/audit?filter[record_id]=${patient.id}&filter[action]=update&filter[resource]=patients`, { host: DEMO, token: doctor });
    expect((updated.body.data as EventRow[])[0].fields).toEqual(['occupation']);
    expect(rows[0].actor_name).toBeTruthy();
    expect((await t.call('GET', `/audit?filter[at][gte]=2000-01-01T00:00:00Z&filter[resource]=patients`, { host: DEMO, token: doctor })).status).toBe(200);
    expect((await t.call('GET', '/audit', { host: DEMO, token: nurse })).status).toBe(403);
    expect((await t.call('GET', '/audit/verify', { host: DEMO, token: nurse })).status).toBe(403);

    expect((await t.call('GET', '/audit', { token: await t.login(CENTRAL, 'owner') })).status).toBe(200);
    expect((await t.call('GET', '/audit', { token: await t.login(CENTRAL, 'developer') })).status).toBe(200);
    expect((await t.call('GET', '/audit', { token: await t.login(CENTRAL, 'admin') })).status).toBe(403);
    const central = await t.call('GET', '/audit?per_page=500', { token: await t.login(CENTRAL, 'owner') });
    expect((central.body.data as EventRow[]).every((e) => e.actor_scope === 'central')).toBe(true);
  });

  it('keeps read events the database refused and writes them at the next try, stamped with the time of the read', async () => {
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const nurse = await t.login(DEMO, 'nurse');
    const mark = await lastEventId();
    // The database refuses the next batch (as when it is unreachable): nothing is lost.
    await sql`alter table audit_events add constraint refuse_reads check (action <> 'read') not valid`.execute(t.db.kysely);
    const before = new Date();
    try {
      expect((await t.call('GET', `/patients/${patient.id}`, { host: DEMO, token: nurse })).status).toBe(200);
      await t.app.auditReads?.flush();
      expect((await eventsSince(mark).catch(() => [])).filter((e) => e.action === 'read')).toEqual([]);
    } finally {
      await sql`alter table audit_events drop constraint refuse_reads`.execute(t.db.kysely);
    }
    const reads = (await eventsSince(mark)).filter((e) => e.action === 'read' && e.patient_id === patient.id);
    expect(reads).toHaveLength(1);
    const { rows } = await sql<{ at: Date }>`select at from audit_events where id = ${reads[0].id}`.execute(t.db.kysely);
    expect(new Date(rows[0].at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
    expect(new Date(rows[0].at).getTime()).toBeLessThan(Date.now());
  });
});

describe('audit of hand-written routes', () => {
  // A 1x1 PNG.
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

  it("opening a file of a patient's visit and printing the visit are events naming the patient", async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const boundary = '----audit-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="xray.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const file = await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: body, contentType: `multipart/form-data; boundary=${boundary}` });
    expect(file.status).toBe(201);
    const fileId = (file.body.data as { id: number }).id;
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const visit = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient.id, attachments: [{ upload_id: fileId }] } });
    const visitId = (visit.body.data as { id: number }).id;

    const mark = await lastEventId();
    expect((await t.call('GET', `/uploads/${fileId}`, { host: DEMO, token: doctor })).status).toBe(200);
    const first = await t.call('POST', `/visitings/${visitId}/prints`, { host: DEMO, token: doctor });
    expect(first.status).toBe(200);
    expect((first.body.data as { first_printed_at: unknown }).first_printed_at).toBeNull();
    expect((await t.call('POST', '/visitings/999999/prints', { host: DEMO, token: doctor })).status).toBe(404);
    const events = await eventsSince(mark);
    expect(events.map((e) => [e.action, e.resource, e.record_id, e.patient_id])).toEqual([
      ['read', 'uploads', fileId, patient.id],
      ['print', 'visitings', visitId, patient.id],
    ]);
  });

  it("the platform staff's renewals and request decisions are central events", async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const clinics = await t.call('GET', '/tenants?per_page=1', { token: owner });
    const clinicId = (clinics.body.data as { id: number }[])[0].id;
    const mark = await lastEventId();
    expect((await t.call('POST', `/tenants/${clinicId}/renew`, { token: owner })).status).toBe(200);
    const events = (await eventsSince(mark)).filter((e) => e.action !== 'read' && e.action !== 'list');
    expect(events.map((e) => [e.action, e.resource, e.record_id, e.actor_scope, e.tenant_id])).toEqual([['renew', 'tenants', clinicId, 'central', null]]);
    const list = await t.call('GET', '/audit?filter[action]=renew', { token: owner });
    expect((list.body.data as EventRow[]).map((e) => e.record_id)).toContain(clinicId);
  });
});

describe('a printed sheet names its prescriber of record (issue 32)', () => {
  it('whoever prints it, and a reprint says when it was first printed', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const assistant = await t.login(DEMO, 'assistant');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const visit = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient.id } });
    const visitId = (visit.body.data as { id: number }).id;
    const { rows } = await sql<{ name: string }>`select name from tenant_users where username = 'doctor' and tenant_id = (select id from tenants where subdomain = 'demo')`.execute(t.db.kysely);
    type Printed = { prescriber: string; printed_at: string; first_printed_at: string | null };
    const first = (await t.call('POST', `/visitings/${visitId}/prints`, { host: DEMO, token: doctor })).body.data as Printed;
    expect(first.prescriber).toBe(rows[0].name);
    expect(first.first_printed_at).toBeNull();
    const reprint = await t.call('POST', `/visitings/${visitId}/prints`, { host: DEMO, token: assistant });
    expect(reprint.status).toBe(200);
    const again = reprint.body.data as Printed;
    expect(again.prescriber).toBe(rows[0].name);
    expect(again.first_printed_at).toBe(first.printed_at);
  });
});

// The change feed of a clinic's devices (issue 36): GET /sync/changes answers the working set's
// rows changed after a cursor, through the engine (clinic, permissions, decryption, audit), with
// tombstones; a transaction that commits after a later one is not skipped; a cursor older than
// what the server keeps answers resync. Over the registry's working-set resources: nothing of
// another clinic, nothing a role may not read, no field the device does not keep.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { SYNC_RETENTION_DAYS, pruneChanges } from '../../src/server/offline/changes';
import { ROW_META, WORKING_SET, type WorkingSetResource } from '../../src/shared/workingSet';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord, tokenFor } from './fixtures';

interface Change {
  resource: string;
  id: number;
  op: 'upsert' | 'delete';
  row?: Record<string, unknown>;
}

let t: TestApp;
let doctor: string;
let demoId: number;

beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  doctor = await t.login(DEMO, 'doctor');
  demoId = Number((await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(t.db.kysely)).rows[0].id);
});
afterAll(() => t?.close());

async function start(token: string, host = DEMO): Promise<string> {
  const res = await t.call('GET', '/sync/changes', { host, token });
  expect(res.status).toBe(200);
  return (res.body.data as { cursor: string }).cursor;
}

/** Every change after `cursor`, page by page; the cursor to go on from. */
async function follow(token: string, cursor: string, host = DEMO, limit = 500): Promise<{ changes: Change[]; cursor: string; pages: number }> {
  const changes: Change[] = [];
  let pages = 0;
  for (;;) {
    const res = await t.call('GET', `/sync/changes?after=${encodeURIComponent(cursor)}&limit=${limit}`, { host, token });
    expect(res.status).toBe(200);
    const data = res.body.data as { resync: boolean; changes: Change[]; cursor: string; more: boolean };
    expect(data.resync).toBe(false);
    changes.push(...data.changes);
    cursor = data.cursor;
    pages++;
    if (!data.more) return { changes, cursor, pages };
  }
}

const patientBody = (name: string) => ({ name, gender: 1, phone: '07501112233', notes: 'NOTE-MARKER clinical text', national_id: 'ID-MARKER-1' });

describe('following a clinic', () => {
  it('a new cursor, then the rows changed since: kept fields only, opened, once each', async () => {
    const cursor = await start(doctor);
    const created = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody('Feed Patient One') });
    expect(created.status).toBe(201);
    const id = (created.body.data as { id: number }).id;
    await t.call('PATCH', `/patients/${id}`, { host: DEMO, token: doctor, body: { name: 'Feed Patient One B' } });
    const { changes, cursor: next } = await follow(doctor, cursor);
    const mine = changes.filter((c) => c.resource === 'patients' && c.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0].op).toBe('upsert');
    expect(mine[0].row).toMatchObject({ id, name: 'Feed Patient One B', phone: '+9647501112233' });
    // Clinical free text and identity numbers stay online.
    expect(JSON.stringify(changes)).not.toMatch(/NOTE-MARKER|ID-MARKER/);
    for (const key of Object.keys(mine[0].row!)) expect([...ROW_META, ...WORKING_SET.patients.fields]).toContain(key);
    // Caught up: nothing more.
    expect((await follow(doctor, next)).changes.filter((c) => c.id === id)).toEqual([]);
  });

  it('an archived record and a deleted one come as tombstones', async () => {
    const patient = (await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody('Feed Archived') })).body.data as { id: number };
    const drug = await createRecord(t, resourceByName('drugs'), DEMO);
    const cursor = await start(doctor);
    expect((await t.call('DELETE', `/patients/${patient.id}`, { host: DEMO, token: doctor })).status).toBeLessThan(300);
    expect((await t.call('DELETE', `/drugs/${drug.id}`, { host: DEMO, token: doctor })).status).toBeLessThan(300);
    const { changes } = await follow(doctor, cursor);
    expect(changes.find((c) => c.resource === 'patients' && c.id === patient.id)).toEqual({ resource: 'patients', id: patient.id, op: 'delete' });
    expect(changes.find((c) => c.resource === 'drugs' && c.id === drug.id)).toEqual({ resource: 'drugs', id: drug.id, op: 'delete' });
  });

  it('pages: a small limit walks every change, and reading is audited', async () => {
    const cursor = await start(doctor);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody(`Feed Paged ${i}`) })).body.data as { id: number }).id);
    const { changes, pages } = await follow(doctor, cursor, DEMO, 2);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(changes.filter((c) => c.resource === 'patients').map((c) => c.id).sort()).toEqual(expect.arrayContaining(ids));
    await t.app.auditReads?.flush();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_events where tenant_id = ${demoId} and action = 'list' and resource = 'patients'`.execute(t.db.kysely);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('a transaction that commits after a later one is not skipped', async () => {
    const before = await start(doctor);
    const early = (await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody('Feed Late Committer') })).body.data as { id: number };
    const later = (await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody('Feed Early Committer') })).body.data as { id: number };
    // The snapshot a reader would have taken while the first transaction was still open and the
    // second had committed: xmin and the open list name the first, xmax is past the second.
    const { rows } = await sql<{ tbl: string; row_id: string; xid: string; seq: string }>`select tbl, row_id, xid::text, seq from sync_changes
      where tenant_id = ${demoId} and tbl = 'patients' and row_id in (${early.id}, ${later.id}) order by seq`.execute(t.db.kysely);
    const xEarly = rows.find((r) => Number(r.row_id) === early.id)!;
    const xLater = rows.find((r) => Number(r.row_id) === later.id)!;
    expect(Number(xEarly.seq)).toBeLessThan(Number(xLater.seq));
    const snapshot = `${xEarly.xid}:${BigInt(xLater.xid) + 1n}:${xEarly.xid}`;
    const seen = `c1.${Buffer.from(JSON.stringify({ b: snapshot, p: 0, n: null })).toString('base64url')}`;
    const { changes } = await follow(doctor, seen);
    const ids = changes.filter((c) => c.resource === 'patients').map((c) => c.id);
    // The late one comes although a later sequence number was already seen; the seen one does not.
    expect(ids).toContain(early.id);
    expect(ids).not.toContain(later.id);
    // A cursor by sequence number or by time would have skipped it: it is before the seen one.
    expect((await follow(doctor, before)).changes.map((c) => c.id)).toEqual(expect.arrayContaining([early.id, later.id]));
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('on PostgreSQL, a transaction held open while the feed is read arrives once it commits', async () => {
    const cursor = await start(doctor);
    // A second connection opens a transaction that writes, and waits. It writes a drug: a patient
    // would hold the clinic's file-number counter, and the patient made meanwhile would wait on it.
    const held = await t.db.kysely.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      const { rows } = await sql<{ id: number }>`insert into drugs (tenant_id, name) values (${demoId}, ${`Feed Held Open ${Date.now()}`}) returning id`.execute(conn);
      const later = (await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody('Feed Meanwhile') })).body.data as { id: number };
      const first = await follow(doctor, cursor);
      await sql`commit`.execute(conn);
      return { id: Number(rows[0].id), later: later.id, first };
    });
    const has = (changes: Change[], resource: string, id: number) => changes.some((c) => c.resource === resource && c.id === id);
    expect(has(held.first.changes, 'patients', held.later)).toBe(true);
    expect(has(held.first.changes, 'drugs', held.id)).toBe(false);
    expect(has((await follow(doctor, held.first.cursor)).changes, 'drugs', held.id)).toBe(true);
  });

  it('a cursor older than what is kept answers resync; a foreign one 422', async () => {
    const cursor = await start(doctor);
    await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody('Feed Pruned') });
    await sql`insert into sync_horizon (tenant_id, pruned_xid) select ${demoId}, max(xid::text::bigint)::text::xid8 from sync_changes where tenant_id = ${demoId}
      on conflict (tenant_id) do update set pruned_xid = excluded.pruned_xid`.execute(t.db.kysely);
    try {
      const res = await t.call('GET', `/sync/changes?after=${encodeURIComponent(cursor)}`, { host: DEMO, token: doctor });
      expect(res.body.data).toEqual({ resync: true });
      // A cursor taken now is fine, once no transaction older than the horizon is open: on
      // PostgreSQL transaction ids are the cluster's, and the test files running beside this one
      // on other databases hold transactions that keep a new cursor behind the horizon meanwhile.
      await expect
        .poll(async () => {
          const now = await t.call('GET', `/sync/changes?after=${encodeURIComponent(await start(doctor))}`, { host: DEMO, token: doctor });
          return now.body.data as { resync: boolean; changes?: Change[] };
        }, { timeout: 20_000 })
        .toMatchObject({ resync: false, changes: [] });
    } finally {
      await sql`delete from sync_horizon where tenant_id = ${demoId}`.execute(t.db.kysely);
    }
    for (const bad of ['nonsense', 'c1.e30', `c1.${Buffer.from('{"b":"1:2:x","p":0,"n":null}').toString('base64url')}`]) {
      expect((await t.call('GET', `/sync/changes?after=${bad}`, { host: DEMO, token: doctor })).status).toBe(422);
    }
    expect((await t.call('GET', '/sync/changes?limit=5000', { host: DEMO, token: doctor })).status).toBe(422);
  });

  it('pruning keeps a month and moves the horizon: a cursor from before then resyncs', async () => {
    const cursor = await start(doctor);
    await t.call('POST', '/patients', { host: DEMO, token: doctor, body: patientBody('Feed Old Entry') });
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from sync_changes where tenant_id = ${demoId}`.execute(t.db.kysely)).rows[0].n);
    const kept = await count();
    await pruneChanges(t.db.kysely, new Date());
    expect(await count()).toBe(kept);
    try {
      await pruneChanges(t.db.kysely, new Date(Date.now() + (SYNC_RETENTION_DAYS + 1) * 86_400_000));
      expect(await count()).toBe(0);
      expect((await t.call('GET', `/sync/changes?after=${encodeURIComponent(cursor)}`, { host: DEMO, token: doctor })).body.data).toEqual({ resync: true });
    } finally {
      // Every clinic's horizon moved (pruning is the platform's): the later tests start clean.
      await sql`delete from sync_horizon`.execute(t.db.kysely);
    }
  });

  it('needs a session, and a clinic host', async () => {
    expect((await t.call('GET', '/sync/changes', { host: DEMO })).status).toBe(401);
    const owner = await t.login('localhost', 'owner');
    expect((await t.call('GET', '/sync/changes', { host: 'localhost', token: owner })).status).toBe(404);
  });
});

describe('over the working set of the registry', () => {
  const names = Object.keys(WORKING_SET) as WorkingSetResource[];
  const made: { demo: Map<string, number>; other: Map<string, number> } = { demo: new Map(), other: new Map() };
  let cursors: Record<string, string>;
  const roles = ['doctor', 'assistant', 'secretary', 'nurse'];
  let tokens: Record<string, string>;

  beforeAll(async () => {
    tokens = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await t.login(DEMO, r)] as const)));
    cursors = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await start(tokens[r])] as const)));
    for (const name of names) {
      const def = resourceByName(name);
      made.demo.set(name, (await createRecord(t, def, DEMO)).id);
      made.other.set(name, (await createRecord(t, def, OTHER)).id);
    }
  }, 120_000);

  it.each(roles)('the %s hears each resource it may list, nothing else, nothing of the other clinic', async (role) => {
    const { changes } = await follow(tokens[role], cursors[role]);
    const named = ((await t.call('GET', '/sync/changes', { host: DEMO, token: tokens[role] })).body.data as { resources: string[] }).resources;
    const { rows } = await sql<{ tbl: string; row_id: string }>`select tbl, row_id from sync_changes where tenant_id <> ${demoId}`.execute(t.db.kysely);
    const foreign = new Set(rows.map((r) => `${r.tbl}:${r.row_id}`));
    for (const c of changes) expect(foreign.has(`${resourceByName(c.resource).table}:${c.id}`)).toBe(false);
    for (const name of names) {
      const def = resourceByName(name);
      const mayList = (await t.call('GET', `/${def.path}?per_page=1`, { host: DEMO, token: tokens[role] })).status === 200;
      const heard = changes.filter((c) => c.resource === name);
      expect(named.includes(name), `${role}'s start names ${name}`).toBe(mayList);
      if (!mayList) expect(heard, `${role} must hear nothing of ${name}`).toEqual([]);
      else expect(heard.map((c) => c.id), `${role} hears ${name}`).toContain(made.demo.get(name));
      // Never the other clinic's record (ids are global identities, so equal ids mean the same row).
      expect(heard.map((c) => c.id)).not.toContain(made.other.get(name));
      for (const c of heard) if (c.row) for (const key of Object.keys(c.row)) expect([...ROW_META, ...WORKING_SET[name].fields]).toContain(key);
    }
    expect(changes.every((c) => c.resource in WORKING_SET)).toBe(true);
  });

  it("the other clinic's Main Doctor hears only the other clinic", async () => {
    const boss = await tokenFor(t, resourceByName('patients'), OTHER);
    const { changes } = await follow(boss, 'c1.' + Buffer.from(JSON.stringify({ b: '1:1:', p: 0, n: null })).toString('base64url'), OTHER);
    const { rows } = await sql<{ tbl: string; row_id: string }>`select tbl, row_id from sync_changes where tenant_id = ${demoId}`.execute(t.db.kysely);
    const demo = new Set(rows.map((r) => `${r.tbl}:${r.row_id}`));
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(demo.has(`${resourceByName(c.resource).table}:${c.id}`)).toBe(false);
  });
});

describe('the first load of a device', () => {
  it('pages a resource in id order, without archived rows, appointments within their window', async () => {
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const res = await t.call('GET', `/sync/rows?resource=patients&after_id=${after}&limit=50`, { host: DEMO, token: doctor });
      expect(res.status).toBe(200);
      const rows = res.body.data as { id: number; archived_at?: string | null; notes?: unknown }[];
      seen.push(...rows.map((r) => r.id));
      expect(rows.every((r) => !r.archived_at && r.notes === undefined)).toBe(true);
      const next = res.body.next_after_id as number | null;
      if (next === null) break;
      after = next;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from patients where tenant_id = ${demoId} and archived_at is null`.execute(t.db.kysely);
    expect(seen.length).toBe(rows[0].n);
    const appointments = await t.call('GET', '/sync/rows?resource=appointments&limit=1000', { host: DEMO, token: doctor });
    const dates = (appointments.body.data as { date: string }[]).map((a) => a.date);
    const today = new Date().toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(today) + n * 86_400_000).toISOString().slice(0, 10);
    expect(dates.every((d) => d >= day(-8) && d <= day(31))).toBe(true);
    expect((await t.call('GET', '/sync/rows?resource=vitalSigns', { host: DEMO, token: doctor })).status).toBe(422);
    // The nurse may not read appointments: not on the device either.
    const nurse = await t.login(DEMO, 'nurse');
    expect((await t.call('GET', '/sync/rows?resource=appointments', { host: DEMO, token: nurse })).status).toBe(403);
  });
});

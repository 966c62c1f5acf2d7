// Two real server processes on one PostgreSQL database and one S3-compatible bucket (issue 21):
// what one process did, the other knows from the very next request. Sessions, access changes,
// live events, the scheduled jobs and files behave as on one process. Each process has its own
// data folder: nothing is shared but the database and the bucket. PostgreSQL only (the embedded
// database belongs to one process); CI runs it in its PostgreSQL pass.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index';
import { JOBS_DUE } from '../../src/server/jobs/scheduler';
import { prepareDatabase } from '../../src/server/start';
import { multipart } from './fixtures';
import { DEMO, PASSWORD, freshPostgres } from './harness';
import { type TestS3, startS3 } from './s3-server';
import { type ServerProcess, startServerProcess } from './server-process';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const ROUNDS = 20;
const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('two server processes on one database', { timeout: 180_000 }, () => {
  let target: { databaseUrl: string; drop: () => Promise<void> };
  let db: Db;
  let s3: TestS3;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    target = await freshPostgres(pgUrl!);
    // Migrated and seeded before either starts, as an operator would before adding a second node.
    db = (await prepareDatabase({ databaseUrl: target.databaseUrl, dataDir: 'unused', seedDemo: 'always' })).db;
    s3 = await startS3();
    const env = { ...s3.env, DATABASE_URL: target.databaseUrl, SEED_DEMO: 'never', MASTER_KEY: randomBytes(32).toString('base64'), TRUST_PROXY: '1' };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await db?.close();
    await target?.drop();
  });

  let logins = 0;
  const login = async (node: ServerProcess, username: string) => {
    // Each from its own address: logins are limited per address.
    const res = await node.call('POST', '/auth/tenant/login', { host: DEMO, body: { username, password: PASSWORD }, ip: `10.1.${Math.floor(++logins / 250)}.${logins % 250}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return String(res.body.token);
  };

  it('a session made on one is good on the other, and a logout on one holds on the other at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [from, to] = round % 2 ? [b, a] : [a, b];
      const token = await login(from, 'secretary');
      expect((await to.call('GET', '/patients', { host: DEMO, token })).status).toBe(200);
      expect((await from.call('POST', '/auth/tenant/logout', { host: DEMO, token })).status).toBe(204);
      expect((await to.call('GET', '/patients', { host: DEMO, token })).status, `round ${round}`).toBe(401);
    }
  });

  it('a deactivation and a withdrawn permission on one hold on the other from the next request', async () => {
    const doctor = await login(a, 'doctor');
    const nurse = await login(a, 'nurse');
    const me = (await b.call('GET', '/auth/tenant/user', { host: DEMO, token: nurse })).body.data as { id: number; permissions: { id: number }[] };
    const kept = me.permissions.map((p) => p.id);
    for (let round = 0; round < ROUNDS / 2; round++) {
      expect((await b.call('GET', '/vitalSigns', { host: DEMO, token: nurse })).status).toBe(200);
      expect((await a.call('PUT', '/permissions/update', { host: DEMO, token: doctor, body: { user: me.id, permissions: [] } })).status).toBe(200);
      expect((await b.call('GET', '/vitalSigns', { host: DEMO, token: nurse })).status, `round ${round}`).toBe(403);
      expect((await a.call('PUT', '/permissions/update', { host: DEMO, token: doctor, body: { user: me.id, permissions: kept } })).status).toBe(200);
      await expect.poll(async () => (await b.call('GET', '/vitalSigns', { host: DEMO, token: nurse })).status).toBe(200);
    }
    expect((await a.call('PATCH', `/tenantUsers/${me.id}`, { host: DEMO, token: doctor, body: { is_active: false } })).status).toBe(200);
    expect((await b.call('GET', '/patients', { host: DEMO, token: nurse })).status).toBe(401);
    expect((await a.call('PATCH', `/tenantUsers/${me.id}`, { host: DEMO, token: doctor, body: { is_active: true } })).status).toBe(200);
  });

  it("a change made through one reaches a live stream held by the other", async () => {
    const doctor = await login(a, 'doctor');
    const stream = await b.open('/live', { host: DEMO, token: await login(b, 'doctor') });
    expect(stream.status).toBe(200);
    const made = await a.call('POST', '/expenses', { host: DEMO, token: doctor, body: { category: 'Gloves', amount: 5000, date: '2031-03-04' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body.data as { id: number }).id;
    await expect.poll(() => stream.text()).toContain(`{"resource":"expenses","type":"created","ids":[${id}]}`);
    stream.close();
  });

  it('a file uploaded through one is served by the other, and a copy asked of one downloads from the other', async () => {
    const doctor = await login(a, 'doctor');
    const m = multipart(PNG, 'scan.png', 'image/png');
    const up = await a.call('POST', '/uploads', { host: DEMO, token: doctor, raw: m.body, contentType: m.type });
    expect(up.status).toBe(201);
    const fileId = (up.body.data as { id: number }).id;
    const back = await b.call('GET', `/uploads/${fileId}`, { host: DEMO, token: doctor });
    expect([back.status, back.raw.equals(PNG)]).toEqual([200, true]);

    const asked = await a.call('POST', '/exports', { host: DEMO, token: doctor });
    expect(asked.status).toBe(202);
    const exportId = (asked.body.data as { id: number }).id;
    await expect
      .poll(async () => ((await b.call('GET', `/exports/${exportId}`, { host: DEMO, token: doctor })).body.data as { status: string }).status, { timeout: 60_000 })
      .toBe('done');
    const zip = await b.call('GET', `/exports/${exportId}/download`, { host: DEMO, token: doctor });
    expect(zip.status).toBe(200);
    expect(zip.raw.subarray(0, 2).toString()).toBe('PK');
    // Neither process keeps a file of its own: both are in the bucket.
    const keys = [...(await s3.objects()).keys()];
    expect(keys.some((k) => k.startsWith('uploads/'))).toBe(true);
    expect(keys.some((k) => k.startsWith('exports/'))).toBe(true);
    for (const node of [a, b]) expect(fs.readdirSync(node.dataDir, { recursive: true }).filter((f) => /^(uploads|exports)\//.test(String(f)))).toEqual([]);
  });

  it('a scheduled job set due wakes both, and runs on one of them, once', async () => {
    const { rows } = await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(db.kysely);
    const demo = Number(rows[0].id);
    const runsOf = async () => Number((await sql<{ runs: string }>`select runs from scheduled_jobs where name = 'subscriptions'`.execute(db.kysely)).rows[0]?.runs ?? 0);
    // Both started their schedulers: the first runs are done (each job once between them).
    await expect.poll(runsOf).toBe(1);
    await sql`insert into invoices (tenant_id, kind, amount, issued_on, due_on, is_paid) values (${demo}, 'renewal', 10, current_date - 30, current_date - 3, false)`.execute(db.kysely);
    for (let round = 0; round < 5; round++) {
      await sql`update scheduled_jobs set due_at = now() where name = 'subscriptions'`.execute(db.kysely);
      await sql`select pg_notify(${JOBS_DUE}, '')`.execute(db.kysely);
      await expect.poll(runsOf).toBe(2 + round);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(await runsOf()).toBe(6);
    const events = await sql<{ n: number }>`select count(*)::int as n from audit_events where action = 'suspend_unpaid' and record_id = ${demo}`.execute(db.kysely);
    expect(events.rows[0].n).toBe(1);
    expect(a.log() + b.log()).not.toMatch(/scheduled job .* failed/);
  });
});

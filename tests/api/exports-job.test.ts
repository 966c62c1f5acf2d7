// A clinic copy's background job (issue 15): asked for twice at once it is one copy; with a second
// worker on its own connection (another process) it is built once; after a crash a running job
// nobody beats for is taken over and finished; it is not built for someone who is no longer the
// Main Doctor. Apart from tests/api/exports.test.ts (the copy's contents) so the PostgreSQL pass
// (tests/api/passes.ts) runs these and not the whole copy again.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/server/db/index';
import { ExportWorker } from '../../src/server/exports/worker';
import { DEMO, type TestApp, startTestApp } from './harness';
import { type ExportView, demoTenantId, requestCopy, waitDone } from './exports-fixture';

let t: TestApp;
let doctor: string;

beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

describe('the export job', () => {
  const deps = () => ({ db: t.db.kysely, keyring: t.app.keyring, cipher: t.app.cipher, files: t.app.files, clock: () => new Date() });

  it('asking twice while a copy is being made answers the same copy', async () => {
    const [a, b] = await Promise.all([requestCopy(t, doctor), requestCopy(t, doctor)]);
    expect(a).toBe(b);
    await waitDone(t, doctor, a);
  });

  it('is built once with a second worker on its own connection (another process)', async () => {
    let second: Db | null = null;
    try {
      second = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : t.db;
      const rival = new ExportWorker(second, { ...deps(), db: second.kysely });
      const id = await requestCopy(t, doctor);
      await Promise.all([rival.runNext(), t.app.exportWorker.wake(), rival.runNext()]);
      const done = await waitDone(t, doctor, id);
      expect(done.status).toBe('done');
      const { rows } = await sql<{ attempts: number }>`select attempts from exports where id = ${id}`.execute(t.db.kysely);
      expect(rows[0].attempts).toBe(1);
      const files = fs.readdirSync(path.join(t.dataDir, 'exports', String(await demoTenantId(t)))).filter((f) => f.startsWith(`${id}-`));
      expect(files.length).toBe(1);
    } finally {
      if (second && second !== t.db) await second.close();
    }
  });

  it('survives a crash: a running job nobody beats for is taken over and finished', async () => {
    const tenantId = await demoTenantId(t);
    const main = (await sql<{ id: number }>`select id from tenant_users where tenant_id = ${tenantId} and role = 0 limit 1`.execute(t.db.kysely)).rows[0].id;
    const { rows } = await sql<{ id: number }>`insert into exports (tenant_id, requested_by, status, worker, attempts, heartbeat_at, started_at)
      values (${tenantId}, ${main}, 'running', 'a-process-that-died', 1, now() - interval '10 minutes', now() - interval '10 minutes') returning id`.execute(t.db.kysely);
    await t.app.exportWorker.wake();
    const done = await waitDone(t, doctor, Number(rows[0].id));
    expect(done.status).toBe('done');
    const { rows: after } = await sql<{ attempts: number }>`select attempts from exports where id = ${rows[0].id}`.execute(t.db.kysely);
    expect(after[0].attempts).toBe(2);
  });

  it('is not built for someone who is no longer the Main Doctor', async () => {
    const tenantId = await demoTenantId(t);
    const nurse = (await sql<{ id: number }>`select id from tenant_users where tenant_id = ${tenantId} and role = 3 limit 1`.execute(t.db.kysely)).rows[0].id;
    const { rows } = await sql<{ id: number }>`insert into exports (tenant_id, requested_by) values (${tenantId}, ${nurse}) returning id`.execute(t.db.kysely);
    await t.app.exportWorker.wake();
    const failed = await waitDone(t, doctor, Number(rows[0].id));
    expect([failed.status, failed.download_url]).toEqual(['failed', null]);
    const res = await t.call('GET', `/exports/${rows[0].id}`, { host: DEMO, token: doctor, lang: 'en' });
    expect((res.body.data as ExportView).error).toBe('errors.exportFailed');
  });
});

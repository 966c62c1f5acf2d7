// A restore as a durable job (issue 39): the Owner's upload answers 202 at once with a queued job,
// a worker reads the copy on a thread of its own and writes it with progress (phase, rows done of
// the total), a copy refused by the API's field rules or broken fails the job with the table, row
// and field named and leaves the clinic as it was, and a job whose worker died is taken over
// without leaving anything of the dead worker's half behind. The workers run here when the test
// says so: the app's own is stopped.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { copyThreadsRunning } from '../../src/server/exports/copy-thread-client';
import { RestoreWorker } from '../../src/server/exports/restore-worker';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { multipart } from './fixtures';
import { sampleInput } from './samples';

type Files = Record<string, Uint8Array>;
interface RestoreView {
  id: number;
  status: string;
  phase: string | null;
  done: number;
  total: number;
  result: { records: Record<string, number>; files: number } | null;
  error: { key: string; vars: Record<string, string>; message: string } | null;
}

const PASSWORD = 'granite-meadow-4471';
let t: TestApp;
let owner: string;
let original: Files;
let clinics = 0;

const read = <T>(files: Files, name: string): T => JSON.parse(Buffer.from(files[name]).toString('utf8')) as T;
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const deps = () => ({ db: t.db.kysely, keyring: t.app.keyring, cipher: t.app.cipher, files: t.app.files, clock: () => new Date() });

async function copyOfDemo(): Promise<Files> {
  const doctor = await t.login(DEMO, 'doctor');
  const id = ((await t.call('POST', '/exports', { host: DEMO, token: doctor })).body.data as { id: number }).id;
  await t.app.exportWorker.wake();
  const res = await t.call('GET', `/exports/${id}/download`, { host: DEMO, token: doctor });
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(res.raw));
}

/** A new, empty clinic for one restore. */
async function newClinic(): Promise<{ id: number; host: string }> {
  const sub = `job${++clinics}`;
  const plans = await t.call('GET', '/plans', { token: owner });
  const created = await t.call('POST', '/tenants', {
    token: owner,
    body: { ...sampleInput(resourceByName('tenants'), { plans: (plans.body.data as { id: number }[])[0].id }), subdomain: sub, username: 'doctor', password: PASSWORD },
  });
  expect(created.status).toBe(201);
  return { id: (created.body.data as { id: number }).id, host: `${sub}.localhost` };
}

async function ask(tenantId: number, files: Files) {
  const m = multipart(Buffer.from(zipSync(files)), 'clinic.zip', 'application/zip');
  return t.call('POST', `/tenants/${tenantId}/restore`, { token: owner, rawBody: m.body, contentType: m.type, lang: 'en' });
}

const view = async (tenantId: number) => (await t.call('GET', `/tenants/${tenantId}/restore`, { token: owner, lang: 'en' })).body.data as RestoreView;

/** Runs the waiting job with a worker of the test's: a job ends refused or done, never on an unexpected error. */
async function runJob(): Promise<void> {
  const unexpected: unknown[] = [];
  await new RestoreWorker(t.db, deps(), { onError: (err) => unexpected.push(err) }).runNext();
  expect(unexpected).toEqual([]);
}

/** What a clinic holds that a restore writes (its creation gives one staff member and the starting catalog). */
async function holdings(tenantId: number) {
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(t.db.kysely)).rows[0].n);
  return { patients: await count('patients'), visitings: await count('visitings'), uploads: await count('uploads'), staff: await count('tenant_users'), permissions: await count('user_permissions'), ingredients: await count('ingredients') };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(CENTRAL, 'owner');
  await t.app.restoreWorker.stop();
  original = await copyOfDemo();
});
afterAll(() => t?.close());

describe('a restore job', () => {
  it('answers at once with a queued job, then reports its phases and rows to the end, reading on a thread of its own', async () => {
    const clinic = await newClinic();
    const asked = await ask(clinic.id, original);
    expect([asked.status, (asked.body.data as { status: string }).status]).toEqual([202, 'queued']);
    expect((await view(clinic.id)).status).toBe('queued');
    // One restore at a time into a clinic.
    expect((await ask(clinic.id, original)).status).toBe(409);

    const steps: { phase: string; done: number; total: number; threads: number }[] = [];
    const worker = new RestoreWorker(t.db, deps(), { onProgress: (phase, done, total) => steps.push({ phase, done, total, threads: copyThreadsRunning() }) });
    expect(await worker.runNext()).toBe(true);

    expect([...new Set(steps.map((s) => s.phase))]).toEqual(['reading', 'checking', 'files', 'records', 'finishing']);
    const counted = steps.filter((s) => s.total > 0);
    counted.forEach((s, i) => i && expect(s.done).toBeGreaterThanOrEqual(counted[i - 1].done));
    expect(steps.every((s) => s.threads >= 1)).toBe(true);
    const done = await view(clinic.id);
    const records = Object.values(done.result!.records).reduce((a, b) => a + b, 0);
    expect([done.status, done.phase, done.done, done.total, done.error]).toEqual(['done', null, records + done.result!.files, records + done.result!.files, null]);
    expect(counted.at(-1)!.total).toBe(done.total);
    expect(done.result!.records.patients).toBe(read<unknown[]>(original, 'data/patients.json').length);
    expect((await holdings(clinic.id)).patients).toBe(done.result!.records.patients);
    // The upload is gone with its job, and the restore is in both trails.
    expect(fs.readdirSync(path.join(t.dataDir, 'restores', String(clinic.id)))).toEqual([]);
    const { rows } = await sql<{ tenant_id: number | null }>`select tenant_id from audit_events where action = 'copy_restored' and record_id = ${clinic.id} order by id`.execute(t.db.kysely);
    expect(rows.map((r) => (r.tenant_id === null ? null : Number(r.tenant_id)))).toEqual([null, clinic.id]);
  });

  const patients = () => read<{ id: number; name: string }[]>(original, 'data/patients.json');
  const visits = () => read<{ id: number; patient_id: number }[]>(original, 'data/visitings.json');
  // The copies are made from the demo's, once it is read (so lazily).
  const refusals: [string, () => Files, string, () => Record<string, string>][] = [
    ['an 8 MB name', () => ({ ...original, 'data/patients.json': bytes([{ ...patients()[0], name: 'x'.repeat(8 << 20) }, ...patients().slice(1)]) }), 'validation.restoreValue', () => ({ resource: 'patients', id: String(patients()[0].id), field: 'name' })],
    ['a number for a name', () => ({ ...original, 'data/patients.json': bytes([...patients().slice(0, -1), { ...patients().at(-1), name: 12345 }]) }), 'validation.restoreValue', () => ({ resource: 'patients', id: String(patients().at(-1)!.id), field: 'name' })],
    // Found only while writing, after the files and the patients were written: all of it goes.
    ['a visit of a patient not in the copy', () => ({ ...original, 'data/visitings.json': bytes([...visits().slice(1), { ...visits()[0], patient_id: 987654 }]) }), 'validation.restoreArchive', () => ({})],
    ['records that are not a list', () => ({ ...original, 'data/patients.json': bytes({ not: 'a list' }) }), 'validation.restoreArchive', () => ({})],
    ['no manifest', () => Object.fromEntries(Object.entries(original).filter(([name]) => name !== 'manifest.json')), 'validation.restoreArchive', () => ({})],
  ];

  it.each(refusals)('%s: fails the job with what was refused, and leaves the clinic as it was', async (_case, copy, key, expected) => {
    const vars = expected();
    const clinic = await newClinic();
    const before = await holdings(clinic.id);
    expect((await ask(clinic.id, copy())).status).toBe(202);
    await runJob();
    const failed = await view(clinic.id);
    expect([failed.status, failed.error?.key, failed.error?.vars]).toEqual(['failed', key, vars]);
    if (vars.field) expect(failed.error?.message).toContain(`${vars.resource}, record ${vars.id}, field ${vars.field}`);
    expect(await holdings(clinic.id)).toEqual(before);
    expect(fs.readdirSync(path.join(t.dataDir, 'restores', String(clinic.id)))).toEqual([]);
  });

  // A worker that died mid-restore: its job is taken over once its beats stop.
  const pickups: [string, boolean, string, (own: number, copied: number) => number][] = [
    ['after it wrote: what it wrote goes, the copy is written whole once', true, 'done', (_own, copied) => copied],
    ['before it checked the clinic: a record of the clinic is never taken for its own', false, 'failed', (own) => own],
  ];

  it.each(pickups)('a job whose worker died %s', async (_case, wrote, status, expected) => {
    const clinic = await newClinic();
    expect((await ask(clinic.id, original)).status).toBe(202);
    // A patient the dead worker wrote (or, had it not got that far, the clinic's own).
    const doctor = await t.login(clinic.host, 'doctor', PASSWORD);
    expect((await t.call('POST', '/patients', { host: clinic.host, token: doctor, body: { name: 'Half Written', gender: 1, phone: '0750 111 4455' } })).status).toBe(201);
    await sql`update restores set status = 'running', worker = 'a-process-that-died', attempts = 1, wrote = ${wrote}, phase = 'records',
      heartbeat_at = now() - interval '10 minutes' where tenant_id = ${clinic.id}`.execute(t.db.kysely);
    await runJob();
    const after = await view(clinic.id);
    expect(after.status).toBe(status);
    if (status === 'failed') expect(after.error?.key).toBe('errors.restoreNotEmpty');
    expect((await holdings(clinic.id)).patients).toBe(expected(1, patients().length));
    const { rows } = await sql<{ attempts: number }>`select attempts from restores where tenant_id = ${clinic.id}`.execute(t.db.kysely);
    expect(rows[0].attempts).toBe(2);
  });
});

// Encryption at rest (issue 15), generated from the registry: a marker written through the API to
// every field declared `encrypted` of every resource, and inside an uploaded file, is answered back
// by the API and appears nowhere in the data folder (the embedded database's files and WAL, the
// uploads) nor, on PostgreSQL, in the cluster's files. A national ID is still found by its exact
// value; a clinic's key goes with the clinic; keys move to a new master key; data stored plain
// before is sealed by the job.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { encryptedColumns } from '../../src/server/crypto/fields';
import { KeyRing, rewrapKeys, unwrapKey } from '../../src/server/crypto/keyring';
import { sealLegacyData } from '../../src/server/crypto/legacy';
import { masterKeyOf } from '../../src/server/crypto/master-key';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, tokenFor, multipart } from './fixtures';
import { resourceActions } from '../../src/shared/resource';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ onDisk: true });
});
afterAll(() => t?.close());

const MARKER = `SECRET-${randomBytes(6).toString('hex')}`;
// Records the clients write; what only the server writes (messages to patients) is checked sealed
// where it is written (outbox.test.ts).
const sealedDefs = resources.filter((d) => encryptedColumns(d).length && resourceActions(d).includes('create'));

/** Every file under `dir` holding `needle` (paths relative to dir). */
function filesHolding(dir: string, needle: Buffer): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch (err) {
      // A folder removed meanwhile (on PostgreSQL, the database of a test file that ended on the
      // other worker) holds nothing.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        try {
          if (fs.readFileSync(full).includes(needle)) found.push(path.relative(dir, full));
        } catch {
          // unreadable (a socket, a file removed meanwhile): nothing to find there
        }
      }
    }
  };
  walk(dir);
  return found;
}

describe('encryption at rest', () => {
  it('declares the clinical free text and identifiers encrypted', () => {
    expect(encryptedColumns(resourceByName('visitings'))).toEqual(['chief_complaint', 'history_of_present_illness', 'examination_findings', 'physician_diagnosis', 'notes', 'allergy_override_reason']);
    expect(encryptedColumns(resourceByName('patients'))).toEqual(['national_id', 'address', 'notes']);
    expect(sealedDefs.length).toBeGreaterThanOrEqual(7);
  });

  it.each(sealedDefs.map((def) => [def.name, def] as const))('%s: the API answers the marker, the table holds it sealed', async (_n, def) => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const values = Object.fromEntries(encryptedColumns(def).map((c) => [c, `${MARKER} ${c}`]));
    // A lab result's text is the result of a test whose result is text (a number's is refused).
    const known: Record<string, number> = def.name === 'labResults' ? { labTests: (await createRecord(t, resourceByName('labTests'), host, {}, { result_kind: 'text', unit: null, low: null, high: null })).id } : {};
    const record = await createRecord(t, def, host, known, def.name === 'labResults' ? { ...values, value: null } : values);
    const shown = (await t.call('GET', `/${def.path}/${record.id}`, { host, token })).body.data as Record<string, unknown>;
    const listed = ((await t.call('GET', `/${def.path}?filter[id]=${record.id}`, { host, token })).body.data as Record<string, unknown>[])[0];
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(def.table)} where id = ${record.id}`.execute(t.db.kysely);
    for (const c of encryptedColumns(def)) {
      expect([record[c], shown[c], listed[c]]).toEqual([values[c], values[c], values[c]]);
      expect(String(rows[0][c])).toMatch(/^enc1:/);
      expect(String(rows[0][c])).not.toContain(MARKER);
    }
    // An edit is sealed too, and its answer plain.
    const column = encryptedColumns(def)[0];
    const edited = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: { [column]: `${MARKER} edited` } });
    expect((edited.body.data as Record<string, unknown>)[column]).toBe(`${MARKER} edited`);
  });

  it("a clinic's uploaded file is sealed on disk and answered whole", async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const pdf = Buffer.from(`%PDF-1.4\n% ${MARKER} in a scanned report\n%%EOF\n`);
    const m = multipart(pdf, 'report.pdf', 'application/pdf');
    const res = await t.call('POST', '/uploads', { host: DEMO, token: nurse, rawBody: m.body, contentType: m.type });
    expect(res.status).toBe(201);
    const id = (res.body.data as { id: number }).id;
    const back = await t.call('GET', `/uploads/${id}`, { host: DEMO, token: nurse });
    expect(back.status).toBe(200);
    expect(back.raw.equals(pdf)).toBe(true);
    expect(back.headers['content-length']).toBe(String(pdf.length));
  });

  it('leaves no marker in the data folder, the embedded database files or, on PostgreSQL, the cluster files', async () => {
    // A double-submitted create keeps its answer for a replay: sealed as well.
    const doctor = await t.login(DEMO, 'doctor');
    const idempotencyKey = randomBytes(8).toString('hex');
    const body = { name: 'Kept answer', gender: 1, notes: `${MARKER} kept answer` };
    const first = await t.call('POST', '/patients', { host: DEMO, token: doctor, body, headers: { 'idempotency-key': idempotencyKey } });
    const again = await t.call('POST', '/patients', { host: DEMO, token: doctor, body, headers: { 'idempotency-key': idempotencyKey } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.body.data as { notes: string }).notes).toBe(body.notes);
    expect(first.status).toBe(201);

    await sql`checkpoint`.execute(t.db.kysely);
    const needle = Buffer.from(MARKER);
    expect(filesHolding(t.dataDir, needle)).toEqual([]);
    if (t.databaseUrl) {
      const { rows } = await sql<{ data_directory: string }>`select current_setting('data_directory') as data_directory`.execute(t.db.kysely);
      const cluster = rows[0].data_directory;
      let readable: boolean;
      try {
        fs.accessSync(cluster, fs.constants.R_OK);
        readable = true;
      } catch {
        readable = false;
      }
      if (readable) {
        await sql`select pg_switch_wal()`.execute(t.db.kysely);
        expect(filesHolding(cluster, needle)).toEqual([]);
      }
    }
  });
});

describe('lookup of a sealed national ID', () => {
  it('finds the patient by the whole ID (typed with Arabic-Indic digits, spaces or dashes), never by part of it', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const id = `19${randomBytes(4).readUInt32BE(0)}`.slice(0, 12).padEnd(12, '7');
    const patient = await createRecord(t, resourceByName('patients'), DEMO, {}, { national_id: id });
    const arabic = id.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const spaced = `${id.slice(0, 4)} ${id.slice(4, 8)}-${id.slice(8)}`;
    for (const typed of [id, arabic, spaced]) {
      const byFilter = await t.call('GET', `/patients?filter[national_id]=${encodeURIComponent(typed)}`, { host: DEMO, token: doctor });
      expect((byFilter.body.data as { id: number }[]).map((p) => p.id)).toEqual([patient.id]);
    }
    const bySearch = await t.call('GET', `/patients?q=${encodeURIComponent(arabic)}`, { host: DEMO, token: doctor });
    expect((bySearch.body.data as { id: number }[]).map((p) => p.id)).toContain(patient.id);
    const part = await t.call('GET', `/patients?filter[national_id]=${id.slice(0, 8)}`, { host: DEMO, token: doctor });
    expect(part.body.data).toEqual([]);
    expect((await t.call('GET', `/patients?filter[national_id][like]=${id.slice(0, 8)}`, { host: DEMO, token: doctor })).status).toBe(422);
  });
});

describe('keys', () => {
  it("a deleted clinic's key is destroyed with it", async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const plans = (await t.call('GET', '/plans', { token: owner })).body.data as { id: number }[];
    const suffix = randomBytes(3).toString('hex');
    const created = await t.call('POST', '/tenants', {
      token: owner,
      body: { name: `Dr. Key ${suffix}`, subdomain: `key${suffix}`, username: `key${suffix}`, password: 'doctor-pass-123', plan_id: plans[0].id },
    });
    expect(created.status).toBe(201);
    const tenantId = (created.body.data as { id: number }).id;
    await t.app.keyring.keyOf(t.db.kysely, tenantId);
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from tenant_keys where tenant_id = ${tenantId}`.execute(t.db.kysely)).rows[0].n);
    expect(await count()).toBe(1);
    expect((await t.call('DELETE', `/tenants/${tenantId}`, { token: owner })).status).toBeLessThan(300);
    expect(await count()).toBe(0);
  });

  it('move to a new master key: the data reads the same, the old key no longer opens them', async () => {
    const current = t.app.keyring.master;
    const next = masterKeyOf(randomBytes(32));
    const demo = Number((await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(t.db.kysely)).rows[0].id);
    const before = await t.app.keyring.keyOf(t.db.kysely, demo);
    expect(await rewrapKeys(t.db.kysely, current, next)).toBeGreaterThan(0);
    const fresh = new KeyRing(next);
    expect((await fresh.keyOf(t.db.kysely, demo)).equals(before)).toBe(true);
    const { rows } = await sql<{ wrapped: string }>`select wrapped from tenant_keys where tenant_id = ${demo}`.execute(t.db.kysely);
    expect(() => unwrapKey(current, demo, rows[0].wrapped)).toThrow(/wrapped by master key/);
    // Back, for the rest of this file.
    await rewrapKeys(t.db.kysely, next, current);
  });

  it('values and files stored plain before are sealed by the job and read the same', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    await sql`update patients set notes = ${'written before encryption'}, national_id = ${'88 776655'} where id = ${patient.id}`.execute(t.db.kysely);
    await sealLegacyData(t.db.kysely, t.app.cipher, t.app.files);
    const { rows } = await sql<{ notes: string; national_id: string }>`select notes, national_id from patients where id = ${patient.id}`.execute(t.db.kysely);
    expect(rows[0].notes).toMatch(/^enc1:/);
    const shown = (await t.call('GET', `/patients/${patient.id}`, { host: DEMO, token: doctor })).body.data as { notes: string };
    expect(shown.notes).toBe('written before encryption');
    const found = await t.call('GET', '/patients?filter[national_id]=88776655', { host: DEMO, token: doctor });
    expect((found.body.data as { id: number }[]).map((p) => p.id)).toEqual([patient.id]);
  });
});

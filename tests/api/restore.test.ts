// Restoring a clinic's copy into a new clinic (issue 15), which proves the copy is whole: the demo
// clinic's copy, restored by the Owner into a new clinic and copied again, gives the same records
// (ids aside: relations, list items and files follow the new ids), the same files and the same
// staff permissions; sealed fields are sealed under the new clinic's key; nothing restores into a
// clinic that has records, nobody but the Owner restores, and a ZIP that is not a copy is refused.
import { sql } from 'kysely';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resourcesOf } from '../../resources/index';
import { type FieldDef, type ResourceDef, allFields, readableFields } from '../../src/shared/resource';
import { restoreOrder } from '../../src/server/exports/restore';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { multipart } from './fixtures';
import { sampleInput } from './samples';

const COPY = 'copy.localhost';
const NOT_RESTORED = ['clinicAudit', 'exports'];
type Files = Record<string, Uint8Array>;

let t: TestApp;
let original: Files;
let restored: Files;
let owner: string;
let copyId: number;
let answer: { records: Record<string, number>; files: number };

async function copyOf(host: string, token: string): Promise<Files> {
  const asked = await t.call('POST', '/exports', { host, token });
  expect(asked.status).toBe(202);
  const id = (asked.body.data as { id: number }).id;
  for (let i = 0; i < 300; i++) {
    const view = (await t.call('GET', `/exports/${id}`, { host, token })).body.data as { status: string };
    if (view.status === 'done') break;
    if (view.status === 'failed') throw new Error('copy failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await t.call('GET', `/exports/${id}/download`, { host, token });
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(res.raw));
}

const read = <T>(files: Files, name: string): T => JSON.parse(Buffer.from(files[name]).toString('utf8')) as T;

function restoreCall(id: number, zip: Buffer | Uint8Array, token: string) {
  const m = multipart(Buffer.from(zip), 'clinic.zip', 'application/zip');
  return t.call('POST', `/tenants/${id}/restore`, { token, rawBody: m.body, contentType: m.type, lang: 'en' });
}

interface RestoreView {
  status: string;
  result: { records: Record<string, number>; files: number } | null;
  error: { key: string; message: string } | null;
}

/** Asks for a restore (202: a job) and follows it to its end. */
async function restoreJob(id: number, zip: Uint8Array): Promise<RestoreView> {
  const asked = await restoreCall(id, zip, owner);
  expect(asked.status).toBe(202);
  for (let i = 0; i < 600; i++) {
    const view = (await t.call('GET', `/tenants/${id}/restore`, { token: owner, lang: 'en' })).body.data as RestoreView;
    if (view.status === 'done' || view.status === 'failed') return view;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the restore did not end');
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(CENTRAL, 'owner');
  const doctor = await t.login(DEMO, 'doctor');
  // Something of every kind that references: a file on a visit, a prescription, a staff member's permissions.
  const pdf = multipart(Buffer.from('%PDF-1.4\n% scan\n%%EOF\n'), 'scan.pdf', 'application/pdf');
  const up = await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: pdf.body, contentType: pdf.type });
  const visit = ((await t.call('GET', '/visitings?per_page=1', { host: DEMO, token: doctor })).body.data as { id: number }[])[0];
  expect((await t.call('PATCH', `/visitings/${visit.id}`, { host: DEMO, token: doctor, body: { attachments: [{ upload_id: (up.body.data as { id: number }).id, note: 'scan' }], notes: 'sealed note' } })).status).toBe(200);
  // A message to a patient, sent by hand by the secretary (messages come back as history).
  const secretary = await t.login(DEMO, 'secretary');
  const messaged = (await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: 'Told By Hand', gender: 1, phone: '0750 111 2299' } })).body.data as { id: number };
  const booked = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: messaged.id, date: '2035-01-10', time: '10:00' } })).body.data as { id: number };
  const [message] = (await t.call('GET', `/messages?filter[appointment_id]=${booked.id}`, { host: DEMO, token: secretary })).body.data as { id: number }[];
  expect((await t.call('POST', `/messages/${message.id}/sent`, { host: DEMO, token: secretary })).status).toBe(200);
  original = await copyOf(DEMO, doctor);

  const plans = await t.call('GET', '/plans', { token: owner });
  const created = await t.call('POST', '/tenants', {
    token: owner,
    body: { ...sampleInput(resourceByName('tenants'), { plans: (plans.body.data as { id: number }[])[0].id }), subdomain: 'copy', username: 'doctor', password: 'granite-meadow-4471' },
  });
  expect(created.status).toBe(201);
  copyId = (created.body.data as { id: number }).id;
  // Not a ZIP at all: refused on the file, and the clinic is still empty for the real one.
  expect((await restoreCall(copyId, Buffer.from('not a zip'), owner)).status).toBe(422);
  // A value the API would refuse (an 8 MB name): refused, naming the record and the field.
  const patients = read<{ id: number; name: string }[]>(original, 'data/patients.json');
  const tampered = { ...original, 'data/patients.json': Buffer.from(JSON.stringify([{ ...patients[0], name: 'x'.repeat(8 << 20) }, ...patients.slice(1)])) };
  const refused = await restoreJob(copyId, zipOf(tampered));
  expect([refused.status, refused.error?.message]).toEqual(['failed', expect.stringContaining(`patients, record ${patients[0].id}, field name`)]);
  const done = await restoreJob(copyId, zipOf(original));
  expect(done.status).toBe('done');
  answer = done.result!;
  restored = await copyOf(COPY, await t.login(COPY, 'doctor', 'granite-meadow-4471'));
});
afterAll(() => t?.close());

/** The copy's files again as a ZIP (what the Owner uploads). */
function zipOf(files: Files): Uint8Array {
  return zipSync(files);
}

// Each person's own rows (a row filter on reads: notifications) are not in a copy at all.
const restoredDefs = resourcesOf('tenant').filter((d) => !NOT_RESTORED.includes(d.name) && !d.rowFilter?.read);

/** Old id -> new id per resource, from the order the records were written in (their ids' order). */
function idMaps(): Map<string, Map<number, number>> {
  const maps = new Map<string, Map<number, number>>();
  for (const def of restoredDefs) {
    const a = read<{ id: number }[]>(original, `data/${def.name}.json`).map((r) => r.id).sort((x, y) => x - y);
    const b = read<{ id: number }[]>(restored, `data/${def.name}.json`).map((r) => r.id).sort((x, y) => x - y);
    maps.set(def.name, new Map(a.map((id, i) => [id, b[i]])));
  }
  const fa = read<{ id: number }[]>(original, 'files.json').map((f) => f.id);
  const fb = read<{ id: number }[]>(restored, 'files.json').map((f) => f.id);
  maps.set('__files', new Map(fa.map((id, i) => [id, fb[i]])));
  return maps;
}

function moved(field: FieldDef, value: unknown, maps: Map<string, Map<number, number>>): unknown {
  if (value === null || value === undefined) return value;
  if (field.type === 'relation') return maps.get(field.relation!.resource)?.get(Number(value));
  if (field.type === 'file') return maps.get('__files')?.get(Number(value));
  if (field.type === 'list') return (value as Record<string, unknown>[]).map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, field.items?.[k] ? moved(field.items[k], v, maps) : v])));
  return value;
}

describe('a copy restored into a new clinic', () => {
  it('writes every resource after the ones it points to', () => {
    const order = restoreOrder(restoredDefs).map((d) => d.name);
    for (const def of restoredDefs) {
      for (const f of Object.values(def.fields)) {
        const target = f.relation?.resource;
        if (target && target !== def.name && order.includes(target)) expect(order.indexOf(target)).toBeLessThan(order.indexOf(def.name));
      }
    }
  });

  it.each(restoredDefs.map((d) => [d.name, d] as const))('%s: copy -> restore -> copy gives the same records', (_n, def: ResourceDef) => {
    const maps = idMaps();
    const fields = allFields(def);
    const before = read<Record<string, unknown>[]>(original, `data/${def.name}.json`).sort((a, b) => Number(a.id) - Number(b.id));
    const after = read<Record<string, unknown>[]>(restored, `data/${def.name}.json`).sort((a, b) => Number(a.id) - Number(b.id));
    expect(after.length).toBe(before.length);
    expect(answer.records[def.name]).toBe(before.length);
    const comparable = readableFields(def).filter((f) => !['id', 'version'].includes(f));
    before.forEach((row, i) => {
      const expected = Object.fromEntries(comparable.map((f) => [f, moved(fields[f], row[f], maps)]));
      const actual = Object.fromEntries(comparable.map((f) => [f, after[i][f]]));
      expect(actual).toEqual(expected);
    });
  });

  it('brings the files back whole, and the staff permissions', () => {
    const before = read<{ name: string; path: string | null; mime: string }[]>(original, 'files.json');
    const after = read<{ name: string; path: string | null; mime: string }[]>(restored, 'files.json');
    expect(after.map((f) => [f.name, f.mime])).toEqual(before.map((f) => [f.name, f.mime]));
    before.forEach((f, i) => expect(Buffer.from(restored[after[i].path!]).equals(Buffer.from(original[f.path!]))).toBe(true));
    expect(answer.files).toBe(before.filter((f) => f.path).length);
    const users = idMaps().get('tenantUsers')!;
    const perms = read<{ user_id: number; table_name: string; name: string }[]>(original, 'permissions.json');
    expect(perms.length).toBeGreaterThan(0);
    expect(read<unknown[]>(restored, 'permissions.json')).toEqual(perms.map((p) => ({ ...p, user_id: users.get(p.user_id) })));
  });

  it("stores sealed fields under the new clinic's key; staff need new passwords, the Main Doctor has the Owner's", async () => {
    const { rows } = await sql<{ notes: string }>`select notes from visitings where tenant_id = ${copyId} and notes is not null limit 1`.execute(t.db.kysely);
    expect(rows[0].notes).toMatch(/^enc1:/);
    const res = await t.call('POST', '/auth/tenant/login', { host: COPY, body: { username: 'secretary', password: 'demo-pass-1234' } });
    expect(res.status).toBe(422);
  });

  it('refuses a clinic that has records, anyone but the Owner, and a file that is not a copy', async () => {
    const demo = Number((await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(t.db.kysely)).rows[0].id);
    const full = await restoreCall(demo, zipOf(original), owner);
    expect(full.status).toBe(409);
    expect((await restoreCall(copyId, zipOf(original), owner)).status).toBe(409);
    expect((await restoreCall(copyId, zipOf(original), await t.login(CENTRAL, 'admin'))).status).toBe(403);
    expect((await restoreCall(copyId, zipOf(original), await t.login(DEMO, 'doctor'))).status).toBe(401);
    // A ZIP that is not a copy is refused by its job (the ZIP is read off the request).
    const plans = await t.call('GET', '/plans', { token: owner });
    const other = await t.call('POST', '/tenants', {
      token: owner,
      body: { ...sampleInput(resourceByName('tenants'), { plans: (plans.body.data as { id: number }[])[0].id }), subdomain: 'notcopy', username: 'doctor', password: 'granite-meadow-4471' },
    });
    const notCopy = await restoreJob((other.body.data as { id: number }).id, zipOf({ 'hello.txt': new TextEncoder().encode('hi') }));
    expect([notCopy.status, notCopy.error?.key]).toEqual(['failed', 'validation.restoreArchive']);
  });
});

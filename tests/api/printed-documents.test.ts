// Prints anyone can verify (issue 40): a printed prescription, letter or receipt gets a code
// `<id>.<signature>` on the clinic's host; the public page answers the clinic, the doctor, the
// date, the kind and the content's digest (never the patient, nothing clinical); an altered,
// invented or other clinic's code is refused alike; the Main Doctor alone revokes one, audited;
// the page is rate-limited per address like the booking link.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/shared/printedDocuments';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';

let t: TestApp;
let doctor: string;
let visit: { id: number; date: string; doctor_id: number };
let patient: { id: number; name: string };
let doctorName: string;
let clinicName: string;

const PATIENT_NAME = 'Hana Verifiable Abdullah';
const DIAGNOSIS = 'Migraine without aura';

/** A prescription's content as the sheet sends it (src/client/pages/clinic/lib/printModel.ts). */
const prescription = (extra: Record<string, unknown> = {}) => ({
  kind: 'prescription',
  clinic: 'Demo clinic',
  date: visit.date,
  patient: PATIENT_NAME,
  file_number: '17',
  diagnosis: DIAGNOSIS,
  lines: [{ drug: 'Paracetamol', strength: '500 mg', form: 'Tablet', dose: '1', frequency: '3x', duration: '5 days', notes: '' }],
  ...extra,
});

const issueFor = (content: unknown, kind = 'prescription', token = doctor, host = DEMO, id = visit.id) =>
  t.call('POST', `/visitings/${id}/printed-documents`, { host, token, body: { kind, content } });
const check = (code: string, host = DEMO, ip?: string) => t.call('GET', `/public/printed-documents/${encodeURIComponent(code)}`, { host, token: null, ip });
const codeOf = (url: string) => /\/verify\/([^/]+)$/.exec(url)![1];

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://clinics.example' } });
  await createOtherClinic(t);
  doctor = await t.login(DEMO, 'doctor');
  const created = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: PATIENT_NAME, gender: 1 } });
  patient = created.body.data as typeof patient;
  const v = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient.id, physician_diagnosis: DIAGNOSIS } });
  expect(v.status).toBe(201);
  visit = v.body.data as typeof visit;
  const names = await sql<{ doctor: string; clinic: string }>`select u.name as doctor, c.name as clinic from tenant_users u join tenants c on c.id = u.tenant_id where u.id = ${visit.doctor_id}`.execute(t.db.kysely);
  doctorName = names.rows[0].doctor;
  clinicName = names.rows[0].clinic;
});
afterAll(() => t?.close());

describe('the canonical form digested', () => {
  it.each([
    ['keys sorted, no spaces', { b: 1, a: 'x' }, '{"a":"x","b":1}'],
    ['nested objects and lists alike', { z: [{ d: true, c: null }], y: { q: 2.5, p: 'ن' } }, '{"y":{"p":"ن","q":2.5},"z":[{"d":true}]}'],
    ['strings in NFC: a decomposed é is the composed one', { n: 'e\u0301' }, '{"n":"\u00e9"}'],
    ['absent and null members are the same print', { a: 1, gone: undefined, none: null }, '{"a":1}'],
  ])('%s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });
});

describe('a printed prescription', () => {
  it("gets a code on the clinic's host whose page confirms clinic, doctor, date, kind and digest, and nothing of the patient", async () => {
    const content = prescription();
    const res = await issueFor(content);
    expect(res.status).toBe(200);
    const issued = res.body.data as { id: number; url: string; digest: string };
    expect(issued.url).toMatch(new RegExp(`^https://demo\\.clinics\\.example/verify/${issued.id}\\.[A-Za-z0-9_-]{22}$`));
    expect(issued.digest).toBe(createHash('sha256').update(canonicalJson(content)).digest('hex'));

    const page = await check(codeOf(issued.url));
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual({ status: 'valid', clinic: clinicName, doctor: doctorName, date: visit.date, kind: 'prescription', digest: issued.digest, revoked_at: null });
    // Whoever holds the paper learns nothing of the patient or the illness from the page.
    const text = page.raw.toString();
    for (const secret of [PATIENT_NAME, 'Hana', DIAGNOSIS, 'Paracetamol', 'patient']) expect(text).not.toContain(secret);
  });

  it('keeps its code when printed again unchanged (in any key order), and gets another when its content differs', async () => {
    const first = (await issueFor(prescription())).body.data as { id: number; url: string };
    const reordered = Object.fromEntries(Object.entries(prescription()).reverse());
    expect(((await issueFor(reordered)).body.data as { url: string }).url).toBe(first.url);
    const changed = (await issueFor(prescription({ diagnosis: 'Tension headache' }))).body.data as { id: number; digest: string };
    expect(changed.id).not.toBe(first.id);
    const letter = (await issueFor({ kind: 'sick_note', rest: { days: 3 } }, 'sick_note')).body.data as { url: string };
    expect((await check(codeOf(letter.url))).body.data).toMatchObject({ status: 'valid', kind: 'sick_note' });
  });

  it.each([
    ['an altered signature', (id: number, sig: string) => `${id}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, DEMO],
    ['an invented id with a real signature', (id: number, sig: string) => `${id + 1000}.${sig}`, DEMO],
    ["another document's id with this one's signature", (id: number, sig: string) => `${id - 1}.${sig}`, DEMO],
    ["the code on another clinic's host", (id: number, sig: string) => `${id}.${sig}`, OTHER],
    ['a code of another shape', (id: number) => `${id}`, DEMO],
    ['a signature too short', (id: number, sig: string) => `${id}.${sig.slice(1)}`, DEMO],
  ])('refuses %s as not valid', async (_name, alter, host) => {
    const issued = (await issueFor(prescription({ note: 'refusals' }))).body.data as { url: string };
    const [id, sig] = codeOf(issued.url).split('.');
    const res = await check(alter(Number(id), sig), host);
    expect(res.status).toBe(404);
    expect(res.body.data).toBeUndefined();
    // The real one still answers.
    expect((await check(codeOf(issued.url))).status).toBe(200);
  });

  it.each([
    ['a kind a visit does not print', { kind: 'receipt', content: {} }, 422],
    ['no content', { kind: 'prescription' }, 422],
    ['a field beside them', { kind: 'prescription', content: {}, digest: 'x' }, 422],
  ])('refuses a print with %s', async (_name, body, status) => {
    expect((await t.call('POST', `/visitings/${visit.id}/printed-documents`, { host: DEMO, token: doctor, body })).status).toBe(status);
  });

  it("is not issued for another clinic's visit, nor by one who cannot read visits", async () => {
    const other = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await issueFor(prescription(), 'prescription', other, OTHER)).status).toBe(404);
    expect((await issueFor(prescription(), 'prescription', doctor, DEMO, visit.id + 100000)).status).toBe(404);
    expect((await t.call('POST', `/visitings/${visit.id}/printed-documents`, { host: DEMO, token: null, body: { kind: 'prescription', content: {} } })).status).toBe(401);
  });
});

describe('a printed receipt', () => {
  it('gets a code naming the receipt and the clinic, never who paid or how much', async () => {
    const secretary = await t.login(DEMO, 'secretary');
    const paid = await t.call('POST', '/payments', { host: DEMO, token: secretary, body: { patient_id: patient.id, amount: 25000 } });
    expect(paid.status).toBe(201);
    const payment = paid.body.data as { id: number; date: string; receipt_number: number };
    const res = await t.call('POST', `/payments/${payment.id}/printed-documents`, { host: DEMO, token: secretary, body: { content: { kind: 'receipt', receipt_number: payment.receipt_number, amount: 25000, patient: PATIENT_NAME } } });
    expect(res.status).toBe(200);
    const page = await check(codeOf((res.body.data as { url: string }).url));
    expect(page.body.data).toMatchObject({ status: 'valid', kind: 'receipt', date: payment.date, clinic: clinicName });
    // The payment paid for nothing in particular: the clinic's Main Doctor is named.
    expect((page.body.data as { doctor: string }).doctor).toBe(doctorName);
    const text = page.raw.toString();
    for (const secret of [PATIENT_NAME, '25000', '25,000']) expect(text).not.toContain(secret);
  });
});

describe('revoking', () => {
  it('is the Main Doctor\'s alone; the page then says "revoked", the trail has it, and revoking again changes nothing', async () => {
    const issued = (await issueFor(prescription({ note: 'to revoke' }))).body.data as { id: number; url: string };
    for (const username of ['assistant', 'secretary', 'nurse']) {
      const token = await t.login(DEMO, username);
      expect((await t.call('POST', `/printed-documents/${issued.id}/revoke`, { host: DEMO, token })).status).toBe(403);
      expect((await t.call('GET', '/printed-documents', { host: DEMO, token })).status).toBe(403);
    }
    const other = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('POST', `/printed-documents/${issued.id}/revoke`, { host: OTHER, token: other })).status).toBe(404);
    expect((await check(codeOf(issued.url))).body.data).toMatchObject({ status: 'valid' });

    expect((await t.call('POST', `/printed-documents/${issued.id}/revoke`, { host: DEMO, token: doctor })).status).toBe(204);
    const page = (await check(codeOf(issued.url))).body.data as { status: string; revoked_at: string; kind: string };
    expect(page).toMatchObject({ status: 'revoked', kind: 'prescription' });
    expect(Date.parse(page.revoked_at)).toBeGreaterThan(0);
    expect((await t.call('POST', `/printed-documents/${issued.id}/revoke`, { host: DEMO, token: doctor })).status).toBe(204);
    expect(((await check(codeOf(issued.url))).body.data as { revoked_at: string }).revoked_at).toBe(page.revoked_at);
    const trail = await t.call('GET', `/audit?filter[resource]=printedDocuments&filter[record_id]=${issued.id}&per_page=50`, { host: DEMO, token: doctor });
    expect((trail.body.data as { action: string }[]).map((e) => e.action).sort()).toEqual(['create', 'revoke']);
    // Its row in the clinic's list says so; printed again, the same content gets a new code.
    const row = (await t.call('GET', `/printed-documents/${issued.id}`, { host: DEMO, token: doctor })).body.data as { revoked_at: string | null; revoked_by: number };
    expect(row.revoked_at).not.toBeNull();
    const again = (await issueFor(prescription({ note: 'to revoke' }))).body.data as { id: number };
    expect(again.id).not.toBe(issued.id);
    expect((await t.call('POST', '/printed-documents/999999/revoke', { host: DEMO, token: doctor })).status).toBe(404);
  });
});

describe('the public page', () => {
  it('is rate-limited per address like the booking link', async () => {
    const issued = (await issueFor(prescription({ note: 'rate' }))).body.data as { url: string };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await check(i % 2 ? codeOf(issued.url) : `${i + 1}.${'A'.repeat(22)}`, DEMO, '198.51.100.40')).status);
    expect(statuses.slice(0, 30).every((s) => s === 200 || s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not held back.
    expect((await check(codeOf(issued.url), DEMO, '198.51.100.41')).status).toBe(200);
  });
});

// Uploads: type checked by content, size and storage limits, and files visible only to their own
// application and clinic (public ones to anyone on that host).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeReleasedFiles } from '../../src/server/engine/released-files';
import { OTHER, createOtherClinic, multipart } from './fixtures';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

const upload = async (host: string, token: string | null, content: Buffer, name = 'scan.png', query = '') => {
  const m = multipart(content, name, 'image/png');
  return t.call('POST', `/uploads${query}`, { host, token, rawBody: m.body, contentType: m.type });
};

describe('uploads', () => {
  it('stores an image and serves it back only inside its clinic', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const res = await upload(DEMO, nurse, PNG);
    expect(res.status).toBe(201);
    const file = res.body.data as { id: number; mime: string; size: number; url: string };
    expect(file).toMatchObject({ mime: 'image/png', size: PNG.length, url: `/api/v1/uploads/${file.id}` });

    const back = await t.call('GET', `/uploads/${file.id}`, { host: DEMO, token: nurse });
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.raw.equals(PNG)).toBe(true);
    expect(back.headers['cache-control']).toContain('private');

    const meta = await t.call('GET', `/uploads/${file.id}/meta`, { host: DEMO, token: nurse });
    expect(meta.body.data).toMatchObject({ id: file.id, name: 'scan.png', mime: 'image/png' });
    expect((await t.call('GET', `/uploads/${file.id}/meta`, { host: DEMO })).status).toBe(401);
    expect((await t.call('GET', `/uploads/${file.id}`, { host: DEMO })).status).toBe(401);
    const other = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('GET', `/uploads/${file.id}`, { host: OTHER, token: other })).status).toBe(404);
    expect((await t.call('DELETE', `/uploads/${file.id}`, { host: OTHER, token: other })).status).toBe(404);
    expect((await t.call('GET', `/uploads/${file.id}`, { host: CENTRAL, token: await t.login(CENTRAL, 'owner') })).status).toBe(404);

    const usage = await t.call('GET', '/settings/usages', { host: DEMO, token: await t.login(DEMO, 'doctor') });
    expect((usage.body.data as { storage: { used_bytes: number } }).storage.used_bytes).toBe(PNG.length);
  });

  it('judges the type by content, not by name', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const res = await upload(DEMO, nurse, Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toMatch(/Only images/);
    expect((await upload(DEMO, nurse, Buffer.alloc(0))).status).toBe(422);
  });

  it('refuses files over 10 MB and bodies that are not multipart', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(DEMO, nurse, big);
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toMatch(/larger than 10 MB/);
    expect((await t.call('POST', '/uploads', { host: DEMO, token: nurse, body: { file: 'x' } })).status).toBe(415);
    expect((await upload(DEMO, null, PNG)).status).toBe(401);
  });

  it("stops at the plan's storage limit", async () => {
    // The smallest plan a plan may have (1 GB), already full: a stored file's record of a whole GB.
    await t.db.kysely.updateTable('plans').set({ max_storage_gb: 1 }).execute();
    const demo = await t.db.kysely.selectFrom('tenants').select('id').where('subdomain', '=', 'demo').executeTakeFirstOrThrow();
    const nurse = await t.db.kysely.selectFrom('tenant_users').select('id').where('tenant_id', '=', demo.id).where('username', '=', 'nurse').executeTakeFirstOrThrow();
    const full = await t.db.kysely
      .insertInto('uploads')
      .values({ scope: 'tenant', tenant_id: demo.id, user_id: nurse.id, mime: 'application/pdf', size: 1024 ** 3, original_name: 'full.pdf', storage_key: 'full-plan-test', is_public: false, sealed: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await upload(DEMO, await t.login(DEMO, 'nurse'), PNG);
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toMatch(/Your plan allows 1 GB/);
    await t.db.kysely.deleteFrom('uploads').where('id', '=', full.id).execute();
    await t.db.kysely.updateTable('plans').set({ max_storage_gb: 10 }).execute();
  });

  it('lets landing-page editors publish files anyone on the host may see', async () => {
    expect((await upload(DEMO, await t.login(DEMO, 'nurse'), PNG, 'hero.png', '?public=1')).status).toBe(403);
    const res = await upload(DEMO, await t.login(DEMO, 'doctor'), PNG, 'hero.png', '?public=1');
    expect(res.status).toBe(201);
    const id = (res.body.data as { id: number }).id;
    const open = await t.call('GET', `/uploads/${id}`, { host: DEMO });
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toContain('public');
    expect((await t.call('GET', `/uploads/${id}`, { host: OTHER })).status).toBe(404);
  });
});

describe('plan pictures', () => {
  it("shows a plan's public picture on the platform's page, and refuses a private one", async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const plan = ((await t.call('GET', '/plans?sort=price', { token: owner })).body.data as { id: number }[])[0];
    const privateFile = (await upload(CENTRAL, owner, PNG, 'plan.png')).body.data as { id: number };
    expect((await t.call('PATCH', `/plans/${plan.id}`, { token: owner, body: { image: privateFile.id } })).status).toBe(422);

    const picture = (await upload(CENTRAL, owner, PNG, 'plan.png', '?public=1')).body.data as { id: number; url: string };
    expect((await t.call('PATCH', `/plans/${plan.id}`, { token: owner, body: { image: picture.id } })).status).toBe(200);
    const page = (await t.call('GET', '/landing-page')).body.data as { plans: { id: number; image: string | null }[] };
    expect(page.plans.find((p) => p.id === plan.id)!.image).toBe(picture.url);
    expect((await t.call('GET', `/uploads/${picture.id}`)).status).toBe(200);
  });
});

describe('files on records', () => {
  it("attaches the clinic's own uploads to a visit, never another clinic's", async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const mine = ((await upload(DEMO, doctor, PNG)).body.data as { id: number }).id;
    const theirs = ((await upload(OTHER, await t.login(OTHER, 'boss', 'copper-harbor-6620'), PNG)).body.data as { id: number }).id;
    const patient = ((await t.call('GET', '/patients?per_page=1', { host: DEMO, token: doctor })).body.data as { id: number }[])[0].id;
    const ok = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient, attachments: [{ upload_id: mine, note: 'X-ray' }] } });
    expect(ok.status).toBe(201);
    expect((ok.body.data as { attachments: unknown[] }).attachments).toEqual([{ upload_id: mine, note: 'X-ray' }]);
    const bad = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient, attachments: [{ upload_id: mine }, { upload_id: theirs }] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['attachments.1.upload_id']);
  });

  it("shows a record's file only to who may read the record (or uploaded it), and nothing in a suspended clinic", async () => {
    const [doctor, secretary, nurse] = await Promise.all([t.login(DEMO, 'doctor'), t.login(DEMO, 'secretary'), t.login(DEMO, 'nurse')]);
    const status = async (token: string, id: number) => (await t.call('GET', `/uploads/${id}`, { host: DEMO, token })).status;
    const xray = ((await upload(DEMO, doctor, PNG)).body.data as { id: number }).id;
    const loose = ((await upload(DEMO, doctor, PNG)).body.data as { id: number }).id;
    const patient = ((await t.call('GET', '/patients?per_page=1', { host: DEMO, token: doctor })).body.data as { id: number }[])[0].id;
    expect((await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient, attachments: [{ upload_id: xray }] } })).status).toBe(201);

    // The secretary reads visits, the nurse does not (demo permissions).
    expect(await status(secretary, xray)).toBe(200);
    expect(await status(nurse, xray)).toBe(403);
    expect((await t.call('GET', `/uploads/${xray}/meta`, { host: DEMO, token: nurse })).status).toBe(403);
    // A file no record holds yet: its uploader and the Main Doctor only.
    expect(await status(doctor, loose)).toBe(200);
    expect(await status(secretary, loose)).toBe(403);
    const own = ((await upload(DEMO, nurse, PNG)).body.data as { id: number }).id;
    expect(await status(nurse, own)).toBe(200);
    expect(await status(doctor, own)).toBe(200);

    const owner = await t.login(CENTRAL, 'owner');
    const demo = ((await t.call('GET', '/tenants?filter[subdomain]=demo', { token: owner })).body.data as { id: number }[])[0].id;
    expect((await t.call('PATCH', `/tenants/${demo}`, { token: owner, body: { status: 1 } })).status).toBe(200);
    try {
      expect(await status(doctor, xray)).toBe(417);
    } finally {
      expect((await t.call('PATCH', `/tenants/${demo}`, { token: owner, body: { status: 0 } })).status).toBe(200);
    }
    expect(await status(doctor, xray)).toBe(200);
  });

  it("keeps a doctor's profile picture, which must be an image of the central application", async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const picture = ((await upload(CENTRAL, owner, PNG)).body.data as { id: number }).id;
    const clinicFile = ((await upload(DEMO, await t.login(DEMO, 'doctor'), PNG)).body.data as { id: number }).id;
    const doctor = ((await t.call('GET', '/tenants?filter[subdomain]=demo', { token: owner })).body.data as { id: number }[])[0].id;
    expect((await t.call('PATCH', `/tenants/${doctor}`, { token: owner, body: { profile_picture: picture } })).status).toBe(200);
    expect((await t.call('PATCH', `/tenants/${doctor}`, { token: owner, body: { profile_picture: clinicFile } })).status).toBe(422);
  });
});

describe("a clinic's storage when files are no longer used", () => {
  const usedBytes = async (token: string) => ((await t.call('GET', '/settings/usages', { host: DEMO, token })).body.data as { storage: { used_bytes: number } }).storage.used_bytes;
  const keyOf = async (id: number) => (await sql<{ storage_key: string }>`select storage_key from uploads where id = ${id}`.execute(t.db.kysely)).rows[0]?.storage_key;

  it('frees a removed attachment at once and its bytes at the next purge, but keeps a file another record holds', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const patient = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Storage Patient', gender: 0 } });
    const patientId = (patient.body.data as { id: number }).id;
    const [a, b] = await Promise.all([upload(DEMO, doctor, PNG, 'a.png'), upload(DEMO, doctor, PNG, 'b.png')]).then((rs) => rs.map((r) => (r.body.data as { id: number }).id));
    const visit = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patientId, attachments: [{ upload_id: a }, { upload_id: b }] } });
    expect(visit.status).toBe(201);
    const visitId = (visit.body.data as { id: number }).id;
    // The same file b is attached to a task as well.
    const task = await t.call('POST', '/tasks', { host: DEMO, token: doctor, body: { title: 'Read the scan', priority: 1, start_day: '2031-01-01', end_day: '2031-01-02', attachments: [{ upload_id: b }] } });
    expect(task.status).toBe(201);
    const before = await usedBytes(doctor);
    const keyA = (await keyOf(a))!;
    const uploadsDir = path.join(t.dataDir, 'uploads');
    expect(fs.existsSync(path.join(uploadsDir, keyA))).toBe(true);

    // Both files dropped from the visit: a goes, b stays (the task holds it).
    expect((await t.call('PATCH', `/visitings/${visitId}`, { host: DEMO, token: doctor, body: { attachments: [] } })).status).toBe(200);
    expect(await usedBytes(doctor)).toBe(before - PNG.length);
    expect((await t.call('GET', `/uploads/${a}`, { host: DEMO, token: doctor })).status).toBe(404);
    expect((await t.call('GET', `/uploads/${b}`, { host: DEMO, token: doctor })).status).toBe(200);
    expect(fs.existsSync(path.join(uploadsDir, keyA))).toBe(true);
    expect(await purgeReleasedFiles(t.db.kysely, t.app.files)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(uploadsDir, keyA))).toBe(false);

    // Deleting the task, the last holder of b, frees it too.
    expect((await t.call('DELETE', `/tasks/${(task.body.data as { id: number }).id}`, { host: DEMO, token: doctor })).status).toBe(204);
    expect(await usedBytes(doctor)).toBe(before - 2 * PNG.length);
    expect((await t.call('GET', `/uploads/${b}`, { host: DEMO, token: doctor })).status).toBe(404);
  });

  it('keeps the files when the change is refused', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const patient = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Rollback Patient', gender: 1 } });
    const id = (await upload(DEMO, doctor, PNG, 'kept.png')).body.data as { id: number };
    const visit = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: (patient.body.data as { id: number }).id, attachments: [{ upload_id: id.id }], fee: 10 } });
    const visitId = (visit.body.data as { id: number }).id;
    // Refused (a payment above the fee) after the attachment list was emptied in the same body.
    const refused = await t.call('PATCH', `/visitings/${visitId}`, { host: DEMO, token: doctor, body: { attachments: [], payment: 50 } });
    expect(refused.status).toBe(422);
    expect((await t.call('GET', `/uploads/${id.id}`, { host: DEMO, token: doctor })).status).toBe(200);
  });
});

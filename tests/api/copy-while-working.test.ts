// A clinic goes on working while its copy is made (issue 15's copy, read in batches of their own
// transactions so the clinic's requests pass between them). Between every two batches of this
// copy the desk books a new patient and the doctor sees them, and a patient's photo is replaced: the copy must still be
// one a restore takes. Before: a booking read after its patient's table had been read named a
// patient the copy did not hold, and a photo replaced after the patients were read named a file
// no longer listed; either made the restore refuse the copy as "not a copy, or damaged".
import { sql } from 'kysely';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { buildClinicCopy } from '../../src/server/exports/build';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createRecord, multipart } from './fixtures';
import { sampleInput } from './samples';
import { demoTenantId } from './exports-fixture';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function upload(token: string): Promise<number> {
  const m = multipart(PNG, 'face.png', 'image/png');
  const res = await t.call('POST', '/uploads', { host: DEMO, token, rawBody: m.body, contentType: m.type });
  expect(res.status).toBe(201);
  return (res.body.data as { id: number }).id;
}

it('made while the desk books new patients and a photo is replaced, is restored whole', async () => {
  const secretary = await t.login(DEMO, 'secretary');
  const doctor = await t.login(DEMO, 'doctor');
  const owner = await t.login(CENTRAL, 'owner');
  const tenantId = await demoTenantId(t);
  const pictured = (await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: 'Photo Changed', gender: 1, photo: await upload(secretary) } })).body.data as { id: number };

  // The copy's job row, held by this test (the server's worker leaves a running job alone).
  const main = (await sql<{ id: number }>`select id from tenant_users where tenant_id = ${tenantId} and role = 0 order by id limit 1`.execute(t.db.kysely)).rows[0].id;
  const { rows } = await sql<{ id: number }>`insert into exports (tenant_id, requested_by, status, worker, attempts, heartbeat_at, started_at)
    values (${tenantId}, ${main}, 'running', 'this-test', 1, now(), now()) returning id`.execute(t.db.kysely);
  const job = { tenantId, id: Number(rows[0].id), requestedBy: Number(main), lang: 'en' as const };

  let beats = 0;
  const deps = { db: t.db.kysely, keyring: t.app.keyring, cipher: t.app.cipher, files: t.app.files, clock: () => new Date() };
  const built = await buildClinicCopy(deps, job, async () => {
    // Bookings through the first beats (the copy's first resources), the photo at every one.
    if (++beats <= 60) {
      const patient = (await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: `Walked In ${beats}`, gender: 0 } })).body.data as { id: number };
      const date = new Date(Date.UTC(2037, 0, 1) + beats * 86_400_000).toISOString().slice(0, 10);
      const appointment = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patient.id, date, time: '10:00' } });
      expect([appointment.status, date]).toEqual([201, date]);
      // And seen: a visit names the patient and the booking (read after the patients in the registry's order).
      await createRecord(t, resourceByName('visitings'), DEMO, { patients: patient.id, appointments: (appointment.body.data as { id: number }).id });
    }
    expect((await t.call('PATCH', `/patients/${pictured.id}`, { host: DEMO, token: secretary, body: { photo: await upload(secretary) } })).status).toBe(200);
  });
  expect(beats).toBeGreaterThan(10);
  await sql`update exports set status = 'done', progress = 100, storage_key = ${built.storageKey}, size = ${built.size}, finished_at = now(),
    expires_at = now() + interval '1 day', worker = null where id = ${job.id}`.execute(t.db.kysely);
  const download = await t.call('GET', `/exports/${job.id}/download`, { host: DEMO, token: doctor });
  expect(download.status).toBe(200);
  const copy = unzipSync(new Uint8Array(download.raw));
  const held = (name: string) => (JSON.parse(Buffer.from(copy[`data/${name}.json`]).toString('utf8')) as unknown[]).length;

  const plans = (await t.call('GET', '/plans', { token: owner })).body.data as { id: number }[];
  const created = await t.call('POST', '/tenants', {
    token: owner,
    body: { ...sampleInput(resourceByName('tenants'), { plans: plans[0].id }), subdomain: 'busy', username: 'doctor', password: 'granite-meadow-4471' },
  });
  expect(created.status).toBe(201);
  const clinic = (created.body.data as { id: number }).id;
  const zip = multipart(Buffer.from(download.raw), 'clinic.zip', 'application/zip');
  expect((await t.call('POST', `/tenants/${clinic}/restore`, { token: owner, rawBody: zip.body, contentType: zip.type, lang: 'en' })).status).toBe(202);
  let view: { status: string; result: { records: Record<string, number>; missing_files: number } | null; error: { message: string } | null } = { status: '', result: null, error: null };
  for (let i = 0; i < 600 && !['done', 'failed'].includes(view.status); i++) {
    await new Promise((r) => setTimeout(r, 50));
    view = (await t.call('GET', `/tenants/${clinic}/restore`, { token: owner, lang: 'en' })).body.data as typeof view;
  }
  expect([view.status, view.error?.message]).toEqual(['done', undefined]);
  // Every booking and visit of the copy came back with its patient; the photo the copy's patient named had
  // been replaced, so it is counted as missing and the patient came back without it.
  expect([view.result!.records.appointments, view.result!.records.visitings]).toEqual([held('appointments'), held('visitings')]);
  expect(view.result!.missing_files).toBeGreaterThanOrEqual(1);
  const busy = await t.login('busy.localhost', 'doctor', 'granite-meadow-4471');
  const restored = (await t.call('GET', `/patients?q=${encodeURIComponent('Photo Changed')}`, { host: 'busy.localhost', token: busy })).body.data as { photo: number | null }[];
  expect(restored).toEqual([expect.objectContaining({ photo: null })]);
}, 90_000);

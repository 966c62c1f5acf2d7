// A patient's photo and own papers (issue 40, migration 067): declared file fields of patients, so
// they are checked (the photo an image of this clinic), readable by whoever may read the patient
// (the desk confirming who stands there), shown by the safety header's call, and released when
// dropped, like every clinic file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripJpegMetadata } from '../../src/client/engine/capture/jpegMetadata';
import { sidewaysPhoto } from '../fixtures/exif';
import { multipart } from './fixtures';
import { DEMO, type TestApp, startTestApp } from './harness';

/** The page as the camera capture sends it: metadata stripped. */
const PHOTO = Buffer.from(stripJpegMetadata(sidewaysPhoto()));
const PDF = Buffer.from('%PDF-1.4\n% a lab report\n%%EOF\n');

let t: TestApp;
let doctor: string;
let secretary: string;
let patientId: number;

const upload = async (content: Buffer, name: string, mime: string): Promise<number> => {
  const m = multipart(content, name, mime);
  const res = await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: m.body, contentType: m.type });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
};
const patch = (body: Record<string, unknown>) => t.call('PATCH', `/patients/${patientId}`, { host: DEMO, token: doctor, body });

beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
  secretary = await t.login(DEMO, 'secretary');
  const made = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Photographed Patient', gender: 1 } });
  expect(made.status).toBe(201);
  patientId = (made.body.data as { id: number }).id;
});
afterAll(() => t?.close());

describe("a patient's photo and papers", () => {
  let photo = 0;

  it('holds a photo and papers, and refuses a document as the photo', async () => {
    photo = await upload(PHOTO, 'photo-1.jpg', 'image/jpeg');
    const report = await upload(PDF, 'report.pdf', 'application/pdf');
    const page = await upload(PHOTO, 'photo-2.jpg', 'image/jpeg');
    expect((await patch({ photo: report })).status).toBe(422);
    const res = await patch({ photo, documents: [{ upload_id: report, note: 'Lab, Nov' }, { upload_id: page }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await t.call('GET', `/patients/${patientId}`, { host: DEMO, token: doctor });
    const data = read.body.data as { photo: number; documents: { upload_id: number; note: string | null }[] };
    expect(data.photo).toBe(photo);
    expect(data.documents.map((d) => d.upload_id)).toEqual([report, page]);
  });

  it('shows in the safety header, and the desk may open it though it did not upload it', async () => {
    for (const token of [doctor, secretary]) {
      const safety = await t.call('GET', `/patients/${patientId}/safety`, { host: DEMO, token });
      expect((safety.body.data as { photo: number | null }).photo).toBe(photo);
    }
    const file = await t.call('GET', `/uploads/${photo}`, { host: DEMO, token: secretary });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.raw.equals(PHOTO)).toBe(true);
  });

  it('is released when the photo is taken away', async () => {
    expect((await patch({ photo: null })).status).toBe(200);
    expect((await t.call('GET', `/uploads/${photo}`, { host: DEMO, token: doctor })).status).toBe(404);
    const safety = await t.call('GET', `/patients/${patientId}/safety`, { host: DEMO, token: doctor });
    expect((safety.body.data as { photo: number | null }).photo).toBeNull();
  });
});

// Camera capture (issue 40), in Kurdish at 390 px on a touch screen, both paths: the live preview
// (getUserMedia, Chromium's fake camera: the full browser, the headless shell has no camera API)
// and the file input it falls back to, given a real phone photo (tests/fixtures/exif.ts: stored
// sideways with EXIF orientation 6 and a GPS location). The Main Doctor's browser refuses the
// camera (not granted: a real refusal), so the patient's photo at the desk is chosen through the
// fallback and shows in the safety header; a nurse whose browser grants the camera takes a two-page
// paper result into a visit in the live preview (the shutter by touch and by keyboard, the dialog
// axe-clean); the doctor sees both pages as thumbnails in the patient's files and photographs a
// paper of the patient's own there; every stored photo is upright, under 1 MB, and carries no
// EXIF, so no location.
import http from 'node:http';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { readJpegMetadata } from '../../src/client/engine/capture/jpegMetadata';
import { PAGE_LIMIT } from '../../src/client/engine/capture/photoPlan';
import { sidewaysPhoto } from '../fixtures/exif';
import { axeFailures } from './axe';
import { PASSWORD, api, baseUrl, kurdishSessions, screenshot, serverPort } from './browser';

const tag = Date.now().toString(36);
const CLINIC = `cam${tag}.localhost`;
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
const PHOTO = Buffer.from(sidewaysPhoto());
const phonePhoto = (n: number) => ({ name: `IMG_2026112${n}_101500.jpg`, mimeType: 'image/jpeg', buffer: PHOTO });

/** A call to the platform's API from the test itself (the Owner making the clinic: no page needed). */
function central(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const headers = { Host: `localhost:${serverPort()}`, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const req = http.request({ host: '127.0.0.1', port: serverPort(), path: `/api/v1${path}`, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

interface Stored {
  bytes: number[];
  width: number;
  height: number;
  /** The colour at the middle of the top and bottom quarters (red above blue when upright). */
  top: number[];
  bottom: number[];
}

/** An upload as the server stores and serves it, with its picture decoded by the browser. */
function stored(page: Page, id: number): Promise<Stored> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/v1/uploads/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    const blob = await res.blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const at = (y: number) => [...context.getImageData(Math.floor(bitmap.width / 2), y, 1, 1).data.slice(0, 3)];
    return { bytes: [...new Uint8Array(await blob.arrayBuffer())], width: bitmap.width, height: bitmap.height, top: at(Math.floor(bitmap.height / 4)), bottom: at(Math.floor((bitmap.height * 3) / 4)) };
  }, id);
}

// The fake camera device, without the flag that accepts every prompt: each context grants the camera or not.
const signedIn = kurdishSessions(CLINIC, PASSWORD, { executablePath: '/usr/bin/chromium', args: ['--use-fake-device-for-media-stream'] });
const TOUCH = { hasTouch: true, isMobile: true };

describe('camera capture', () => {
  let doctor: Page;
  let patientId = 0;
  let visitId = 0;
  let nurseName = '';

  // The doctor's page is made here, not in a test: a test's pages close when it ends.
  beforeAll(async () => {
    const token = String((await central('POST', '/auth/login', undefined, { username: 'owner', password: PASSWORD })).body.token);
    const plans = (await central('GET', '/plans?sort=-price', token)).body.data as { id: number }[];
    const clinic = await central('POST', '/tenants', token, { name: `Dr. Camera ${tag}`, subdomain: `cam${tag}`, username: `doc${tag}`, password: PASSWORD, plan_id: plans[0].id });
    expect(clinic.status, JSON.stringify(clinic.body)).toBe(201);

    doctor = await signedIn(`doc${tag}`, 390, TOUCH);
    // A nurse who may read patients and add to their visits.
    nurseName = `ward${tag}`;
    const nurse = (await api<{ data: { id: number } }>(doctor, '/tenantUsers', { method: 'POST', body: { name: 'Bahar Camera', username: nurseName, password: PASSWORD, role: 3 } })).body.data;
    const catalogue = (await api<{ permissions: { id: number; name: string; table_name: string }[] }>(doctor, '/permissions')).body.permissions;
    const granted = catalogue.filter((p) => (p.table_name === 'patients' && p.name === 'read') || (p.table_name === 'visitings' && ['read', 'update'].includes(p.name))).map((p) => p.id);
    expect((await api(doctor, '/permissions/update', { method: 'PUT', body: { user: nurse.id, permissions: granted } })).status).toBe(200);
    const patient = await api<{ data: { id: number } }>(doctor, '/patients', { method: 'POST', body: { name: `Kani Camera ${tag}`, gender: 1 } });
    patientId = patient.body.data.id;
    visitId = await newVisit();
  });

  async function newVisit(): Promise<number> {
    const visit = await api<{ data: { id: number } }>(doctor, '/visitings', { method: 'POST', body: { patient_id: patientId, date: '2026-11-26', chief_complaint: 'Lab result' } });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    return visit.body.data.id;
  }

  it('the Main Doctor’s browser refuses the camera: the photo is chosen instead, and shows in the safety header', async () => {
    await doctor.goto(url(`/patients/edit/${patientId}`));
    await doctor.getByTestId('capture-photo').getByRole('button', { name: ckb.capture.take }).click();
    await expect.poll(() => doctor.getByTestId('capture-error-photo').innerText()).toBe(ckb.capture.refused);
    const chooser = doctor.waitForEvent('filechooser');
    await doctor.getByTestId('capture-choose-photo').click();
    await (await chooser).setFiles(phonePhoto(1));
    await doctor.getByTestId('file-photo').getByTestId('file-thumb').waitFor();
    await doctor.getByRole('button', { name: ckb.buttons.save }).click();
    await doctor.waitForURL((u) => !u.pathname.includes('/edit/'));
    await doctor.goto(url(`/patients/${patientId}/files`));
    const photo = doctor.getByTestId('safety-photo').locator('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > img.naturalWidth)).toBe(true);
    // The tab is there in Kurdish, and says the patient has no papers yet.
    await doctor.getByTestId('patient-documents').getByText(ckb.files.none).waitFor();
  });

  it('a nurse takes a two-page paper result into the visit in the camera’s live preview', async () => {
    // A rerun takes its pages into a visit of its own: the first run's two would be counted with them.
    if ((await api<{ data: { attachments: unknown[] } }>(doctor, `/visitings/${visitId}`)).body.data.attachments.length) visitId = await newVisit();
    const nurse = await signedIn(nurseName, 390, { ...TOUCH, permissions: ['camera'] });
    await nurse.goto(url(`/patients/${patientId}/visitings`));
    await nurse.getByTestId(`visit-edit-${visitId}`).click();
    const form = nurse.getByTestId('visit-form');
    await form.getByTestId('capture-attachments').getByRole('button', { name: ckb.capture.take }).click();
    const camera = nurse.getByRole('dialog', { name: ckb.capture.take });
    // The camera plays in the preview; the shutter waits for its first frame.
    await expect.poll(() => camera.getByTestId('camera-video-attachments').evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused)).toBe(true);
    const shutter = camera.getByTestId('camera-shutter-attachments');
    await expect(shutter.isEnabled()).resolves.toBe(true);
    expect(await shutter.innerText()).toContain(ckb.capture.shutter.replace('{{page}}', '1'));
    await shutter.click();
    // The second page by keyboard.
    await expect.poll(() => shutter.innerText()).toContain(ckb.capture.shutter.replace('{{page}}', '2'));
    await shutter.focus();
    await nurse.keyboard.press('Enter');
    // One item per page (its picture beside its remove button, whose icon is an image too).
    const pages = camera.getByRole('list', { name: ckb.capture.pages }).getByRole('listitem');
    await expect.poll(() => pages.count()).toBe(2);
    expect(await axeFailures(nurse, '.ant-modal')).toEqual([]);
    await camera.getByTestId('camera-done-attachments').click();
    await camera.waitFor({ state: 'detached' });
    await expect.poll(() => form.getByTestId('attachments-attachments').getByTestId('file-thumb').count()).toBe(2);
    // The camera is let go once the preview closes.
    expect(await nurse.evaluate(() => [...document.querySelectorAll('video')].filter((v) => v.srcObject).length)).toBe(0);
    await form.getByTestId('visit-save').click();
    // Saved, the drawer closes and the visit's row is back in the history.
    await form.waitFor({ state: 'detached' });
    const saved = await api<{ data: { attachments: { upload_id: number }[] } }>(nurse, `/visitings/${visitId}`);
    expect(saved.body.data.attachments).toHaveLength(2);
  });

  it('the doctor sees both pages as thumbnails in the patient’s files, stored upright, small and without a location', async () => {
    await doctor.goto(url(`/patients/${patientId}/files`));
    const pages = doctor.getByTestId(`visit-files-${visitId}`).getByTestId('patient-file');
    await expect.poll(() => pages.count()).toBe(2);
    for (const img of await pages.locator('img').all()) await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    // A paper the patient brought is photographed on the tab itself, among the patient's own
    // (one more than before: a rerun finds its first run's).
    const documentsOf = async () => (await api<{ data: { photo: number; documents: { upload_id: number }[] } }>(doctor, `/patients/${patientId}`)).body.data;
    const had = (await documentsOf()).documents.length;
    await doctor.getByTestId('capture-input-documents').setInputFiles(phonePhoto(4));
    await expect.poll(() => doctor.getByTestId('patient-documents').getByTestId('file-thumb').count()).toBe(had + 1);
    await screenshot(doctor, 'camera-patient-files-390', { fullPage: true, settleMs: 500 });

    const visit = await api<{ data: { attachments: { upload_id: number }[] } }>(doctor, `/visitings/${visitId}`);
    const patient = await documentsOf();
    expect(patient.documents).toHaveLength(had + 1);
    // The camera's pages: the fake camera's landscape frames, kept within 2000 px, with no metadata.
    for (const { upload_id } of visit.body.data.attachments) {
      const file = await stored(doctor, upload_id);
      const bytes = Buffer.from(file.bytes);
      expect(readJpegMetadata(bytes)).toEqual({ segments: [], exif: false, gps: false, orientation: null });
      expect(bytes.length).toBeLessThanOrEqual(PAGE_LIMIT);
      expect(file.width).toBeGreaterThan(file.height);
      expect(Math.max(file.width, file.height)).toBeLessThanOrEqual(2000);
    }
    // The phone's photos chosen through the file input carried EXIF with a GPS location; what was stored carries no metadata at all.
    expect(readJpegMetadata(PHOTO).gps).toBe(true);
    for (const id of [patient.photo, patient.documents[0].upload_id]) {
      const file = await stored(doctor, id);
      const bytes = Buffer.from(file.bytes);
      expect(readJpegMetadata(bytes)).toEqual({ segments: [], exif: false, gps: false, orientation: null });
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(bytes.length).toBeLessThanOrEqual(PAGE_LIMIT);
      // Stored 2400×1600 sideways: upright it stands 1600×2400, drawn within 2000 px.
      expect([file.width, file.height]).toEqual([1333, 2000]);
      // Red above blue: turned the way the camera said.
      expect(file.top[0]).toBeGreaterThan(150);
      expect(file.top[2]).toBeLessThan(100);
      expect(file.bottom[2]).toBeGreaterThan(150);
      expect(file.bottom[0]).toBeLessThan(100);
    }
  });
});

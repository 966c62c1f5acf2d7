// Prints anyone can verify (issue 40), in Kurdish at 390 px: a printed prescription carries a QR
// code (drawn from the verification address the sheet names, checked module by module against
// the `qrcode` library's own encoding of it); that address opened in another browser, with no
// account, shows "valid" with the clinic, doctor, date and kind and nothing of the patient; an
// altered one "not valid". The Main Doctor revokes the document on its page in the clinic app,
// and the same address then says "revoked".
import { create } from 'qrcode';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { QR_OPTIONS, qrPath } from '../../src/client/pages/clinic/lib/qr';
import { api, baseUrl, kurdishSessions, launch, waitForPrint } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
const tag = Date.now().toString(36);
const PATIENT = `Verified Print ${tag}`;
const DIAGNOSIS = `Otitis ${tag}`;

const signedIn = kurdishSessions(CLINIC);
let visitor: Browser;
beforeAll(async () => {
  // Another browser altogether: no session, no storage of the clinic's.
  visitor = await launch();
});
afterAll(async () => {
  await visitor?.close();
});

/** The verification page as someone holding the paper sees it (Kurdish, the default), at 390 px. */
async function verdictOf(address: string): Promise<{ status: string | null; text: string; lang: string }> {
  const context = await visitor.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(address);
  const status = page.getByTestId('verify-status');
  await status.waitFor();
  const verdict = { status: await status.getAttribute('data-status'), text: await page.getByTestId('verify-document').innerText(), lang: await page.evaluate(() => document.documentElement.lang) };
  await page.screenshot({ path: `/tmp/verify-${verdict.status}.png`, fullPage: true });
  await context.close();
  return verdict;
}

describe('a printed prescription anyone can verify', () => {
  let address = '';
  let documentId = 0;

  it('prints with a QR code of its verification address', async () => {
    const page = await signedIn('doctor', 390);
    const patient = await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: PATIENT, gender: 1, date_of_birth: '1990-05-01' } });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    const visit = await api<{ data: { id: number } }>(page, '/visitings', { method: 'POST', body: { patient_id: patient.body.data.id, date: '2026-11-21', physician_diagnosis: DIAGNOSIS } });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    await page.goto(url(`/patients/${patient.body.data.id}/visitings`));
    await page.getByTestId(`print-${visit.body.data.id}`).click();
    await waitForPrint(page);
    const code = page.getByTestId('print-prescription').getByTestId('print-verify');
    address = String(await code.getAttribute('data-url'));
    // On the clinic's own host: /verify/<document id>.<signature>.
    expect(address.startsWith(url('/verify/')), address).toBe(true);
    const match = /^(\d+)\.[A-Za-z0-9_-]{22}$/.exec(address.slice(url('/verify/').length));
    expect(match, address).not.toBeNull();
    documentId = Number(match![1]);
    // The code drawn is the address, as the library encodes it.
    const drawn = await code.getByTestId('print-verify-qr').locator('path').getAttribute('d');
    expect(drawn).toBe(qrPath(create(address, QR_OPTIONS).modules).path);
    // Its number and address are printed beside it, in Kurdish.
    await page.emulateMedia({ media: 'print' });
    const caption = await code.innerText();
    expect(caption).toContain(ckb.printedDocuments.qrCaption);
    expect(caption).toContain(address);
    await page.pdf({ path: '/tmp/verify-prescription.pdf', preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
  });

  it('opened in another browser it says "valid", with the clinic, doctor, date and kind, and nothing of the patient', async () => {
    const verdict = await verdictOf(address);
    expect(verdict.status).toBe('valid');
    expect(verdict.lang).toBe('ckb');
    expect(verdict.text).toContain(ckb.verify.valid);
    expect(verdict.text).toContain('2026-11-21');
    expect(verdict.text).toContain(ckb.resources.printedDocuments.kinds.prescription);
    expect(verdict.text).toContain('Dr. Hawre Salih');
    expect(verdict.text).not.toContain(PATIENT);
    expect(verdict.text).not.toContain(DIAGNOSIS);
  });

  it('an altered code says "not valid"', async () => {
    const last = address.slice(-1);
    const altered = `${address.slice(0, -1)}${last === 'x' ? 'y' : 'x'}`;
    const verdict = await verdictOf(altered);
    expect(verdict.status).toBe('invalid');
    expect(verdict.text).toContain(ckb.verify.invalid);
    expect(verdict.text).not.toContain('Dr. Hawre Salih');
    // Another document's number with this signature is refused too.
    expect((await verdictOf(address.replace(`/verify/${documentId}.`, `/verify/${documentId + 1}.`))).status).toBe('invalid');
  });

  it('the Main Doctor revokes it in the clinic app, and its page then says "revoked"', async () => {
    const page = await signedIn('doctor', 390);
    await page.goto(url(`/settings/printed-documents/show/${documentId}`));
    await page.getByTestId('revoke-printed-document').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: ckb.printedDocuments.revoke, exact: true }).click();
    await page.getByText(ckb.printedDocuments.revoked).first().waitFor();
    const verdict = await verdictOf(address);
    expect(verdict.status).toBe('revoked');
    expect(verdict.text).toContain(ckb.verify.revoked);
  });
});

// The outbox in real Chromium (issue 37, item 1): with the server cut (cut-proxy.ts) the desk
// registers a patient (phone in Arabic-Indic digits) and the save is kept in IndexedDB, sealed
// (the patient's name is nowhere in the browser's storage in plain), surviving the page being
// closed; signed in again once the link is back, the device sends it: the patient exists once,
// with its client reference, and the audit trail marks the entry as made offline on this device.
// Then, the page staying open, a patient registered during a second cut reaches the server as
// soon as the link returns. Last, a conflict (item 4): the desk corrects the patient's phone during
// a cut while the doctor changes it online; when the link returns the change waits in Sync
// problems (counted in the menu, mine beside theirs) and "apply mine" sends it on the server's
// version; meanwhile the banner counts what waits and the list marks the row (item 5). A payment
// taken during a cut prints its receipt with the device's provisional number, which stays on the
// record beside the server's number once it lands (item 2). A test run again (vitest's retry)
// starts on a fresh desk (new browser context, link up, empty outbox) so it never meets what its
// first run left waiting.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appInstalled, api, countPrints, fileContext, isRerun, launch, login, newContext, screenshot, serverPort, stamp, until, waitForPath, waitForPrint } from './browser';
import { axeFailures } from './axe';
import { overflowsOf } from './every-screen';
import { type CutProxy, cutProxy } from './cut-proxy';
import { goWithin, keptRows, signInAt } from './device-store';
import { latinDigits } from '../../src/shared/digits';
import ckb from '../../locales/ckb.json';

let MARK = stamp('Outboxmarker');
let LOCAL = `0750${String(Date.now()).slice(-7)}`;
const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

interface StoreDump {
  count: number;
  text: string;
}

/** The outbox store as the browser holds it: how many entries, and every byte of them as text. */
async function outbox(page: Page): Promise<StoreDump> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'clinic-offline')) return { count: -1, text: '' };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('clinic-offline');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    if (!db.objectStoreNames.contains('outbox')) {
      db.close();
      return { count: -1, text: '' };
    }
    const values = await new Promise<unknown[]>((resolve) => {
      const req = db.transaction('outbox').objectStore('outbox').getAll();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    const show = (v: unknown): string => {
      if (v instanceof ArrayBuffer) return new TextDecoder('latin1').decode(v);
      if (ArrayBuffer.isView(v)) return new TextDecoder('latin1').decode(v);
      if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k}=${show(x)}`).join(';');
      return String(v);
    };
    return { count: values.length, text: values.map(show).join('\n') };
  });
}

/** Rows of a resource the device keeps. */
async function keptCount(page: Page, resource: string): Promise<number> {
  return (await keptRows(page)).filter(([kept]) => kept === resource).length;
}

type Patient = { id: number; name: string; phone: string; version: number; client_ref: string | null };

describe('the desk writes through a cut (1440 px, Kurdish)', () => {
  let browser: Browser;
  let proxy: CutProxy;
  let context: BrowserContext;
  let page: Page;
  let doctor: Page;
  let doctorContext: BrowserContext;
  let url = '';
  let patient: Patient;

  const signIn = () => signInAt(page, url, 'secretary');
  const byMark = async (): Promise<Patient[]> => (await api<{ data: Patient[] }>(doctor, `/patients?q=${MARK}`)).body.data;
  /** The desk signed in on a new browser context: its working set on the device, the app installed. */
  const freshDesk = async () => {
    await context?.close();
    context = await fileContext(browser, { viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    context.setDefaultTimeout(15_000);
    await countPrints(context);
    page = await context.newPage();
    await signIn();
    await until(page, async () => (await keptCount(page, 'patients')) > 0, 'the working set did not reach the device');
    // The installed shell, so a page opened during the cut still loads.
    await appInstalled(page);
  };

  beforeAll(async () => {
    browser = await launch();
    proxy = await cutProxy(serverPort());
    url = `http://demo.localhost:${proxy.port}`;
    doctorContext = await newContext(browser);
    doctor = await doctorContext.newPage();
    await login(doctor, 'demo.localhost', 'doctor');
    await waitForPath(doctor, '/dashboard');
    await freshDesk();
  });
  afterAll(async () => {
    await doctorContext?.close();
    await context?.close();
    await browser?.close();
    await proxy?.close();
  });
  beforeEach(async ({ task }) => {
    if (!isRerun(task)) return;
    proxy.set('up');
    // New marks for the first test's patient (the others work on the patient it made).
    [MARK, LOCAL] = [stamp('Outboxmarker'), `0750${String(Date.now()).slice(-7)}`];
    await freshDesk();
  });

  it('registers a patient during a cut, keeps it sealed through a closed page, and sends it once when signed in again', async () => {
    await goWithin(page, '/patients/create');
    await page.locator('#field-name').waitFor();
    proxy.set('down');
    await page.locator('#field-name').fill(MARK);
    await page.locator('#field-gender').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('#field-phone').fill(toArabicIndic(LOCAL));
    await page.locator('#field-name').press('Enter');
    // Saved on the device: the list again, the entry on disk.
    await page.waitForURL((u) => u.pathname === '/patients');
    await expect.poll(async () => (await outbox(page)).count).toBe(1);
    const stored = await outbox(page);
    for (const secret of [MARK, LOCAL, toArabicIndic(LOCAL), LOCAL.slice(1)]) expect(stored.text).not.toContain(secret);
    expect(await byMark()).toEqual([]);

    // The browser's page closed mid-cut, another opened: the entry is still there.
    const again = await context.newPage();
    await page.close();
    page = again;
    // The installed app opens from its start address without the server (the service worker).
    await page.goto(`${url}/dashboard`);
    expect((await outbox(page)).count).toBe(1);

    // The link back; the key went with the closed page: the desk signs in again, and it goes.
    proxy.set('up');
    await page.evaluate(() => localStorage.removeItem('token'));
    await signIn();
    await expect.poll(async () => (await outbox(page)).count, { timeout: 30_000 }).toBe(0);
    const made = await byMark();
    expect(made).toHaveLength(1);
    patient = made[0];
    expect(patient.phone).toBe(`+964${LOCAL.slice(1)}`);
    expect(patient.client_ref).toMatch(/^[0-9a-f-]{36}$/);
    const trail = await api<{ data: { action: string; user_id: number; entered_offline_at: string | null; device_id: string | null }[] }>(doctor, `/audit?filter[resource]=patients&filter[record_id]=${patient.id}`);
    const created = trail.body.data.find((e) => e.action === 'create');
    expect(created?.device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created!.entered_offline_at!)).toBeLessThan(Date.now());
  });

  it('a patient registered during a second cut reaches the server when the link returns, the page staying open', async () => {
    // A name of its own (not under MARK), so a run again does not meet the first run's patient.
    const name = stamp('Outboxsecond');
    const named = async () => (await api<{ data: Patient[] }>(doctor, `/patients?q=${name}`)).body.data.map((p) => p.name);
    await goWithin(page, '/patients/create');
    await page.locator('#field-name').waitFor();
    proxy.set('down');
    await page.locator('#field-name').fill(name);
    await page.locator('#field-gender').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('#field-name').press('Enter');
    await page.waitForURL((u) => u.pathname === '/patients');
    await expect.poll(async () => (await outbox(page)).count).toBe(1);
    await page.getByTestId('offline-banner').waitFor();
    expect(await named()).toEqual([]);
    proxy.set('up');
    // No reload, no sign-in: the link coming back (the heartbeat finds the server) sends it.
    await expect.poll(named, { timeout: 40_000 }).toEqual([name]);
    await expect.poll(async () => (await outbox(page)).count).toBe(0);
  });

  it('a phone changed during a cut and online meanwhile waits in Sync problems, and "apply mine" settles it', async () => {
    const tail = String(Date.now()).slice(-7);
    const [mine, theirs] = [`0751${tail}`, `0752${tail}`];
    const digits = async (testId: string) => latinDigits((await page.getByTestId(testId).textContent()) ?? '').replace(/\D/g, '');
    const offlineUpdates = async () =>
      (await api<{ data: { entered_offline_at: string | null }[] }>(doctor, `/audit?filter[resource]=patients&filter[record_id]=${patient.id}&filter[action]=update`)).body.data.filter((e) => e.entered_offline_at).length;
    const offlineBefore = await offlineUpdates();
    await goWithin(page, `/patients/edit/${patient.id}`);
    const phone = page.locator('#field-phone');
    // The record loaded: the field holds the server's phone (it stays disabled until then).
    const held = (await api<{ data: Patient }>(doctor, `/patients/${patient.id}`)).body.data.phone.slice(4);
    await expect.poll(async () => latinDigits(await phone.inputValue()).replace(/\D/g, '')).toContain(held);
    proxy.set('down');
    await phone.fill(mine);
    await phone.press('Enter');
    await page.waitForURL((u) => u.pathname === '/patients');
    await expect.poll(async () => (await outbox(page)).count).toBe(1);
    // Shown to the desk: one change waiting (Kurdish), the row marked as not sent.
    expect(await page.getByTestId('outbox-waiting').textContent()).toBe('یەک گۆڕانکاری چاوەڕێی ناردنە');
    await page.getByTestId('waiting-mark').first().waitFor();

    // The doctor, online, changes the same phone meanwhile.
    const changed = await api<{ data: Patient }>(doctor, `/patients/${patient.id}`, { method: 'PATCH', body: { phone: theirs } });
    expect(changed.status).toBe(200);
    proxy.set('up');
    // Refused on replay (412, both changed the phone): counted in the menu, nothing overwritten.
    await expect.poll(async () => (await page.getByTestId('menu-badge-syncProblems').textContent()) ?? '', { timeout: 40_000 }).toContain('1');
    expect((await outbox(page)).count).toBe(1);
    expect((await api<{ data: Patient }>(doctor, `/patients/${patient.id}`)).body.data.phone).toBe(`+964${theirs.slice(1)}`);

    await goWithin(page, '/sync-problems');
    await page.getByTestId('sync-problem').waitFor();
    expect([await page.getByTestId('sync-problem-status').getAttribute('data-status'), await page.getByTestId('sync-problem-status').textContent()]).toEqual(['412', ckb.syncProblems.kind.changed]);
    expect(await digits('sync-mine-phone')).toContain(mine.slice(1));
    expect(await digits('sync-theirs-phone')).toContain(theirs.slice(1));
    // On a phone (390 px, right to left): mine beside theirs within the screen, axe content.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflowsOf(page)).toEqual([]);
    // Each phone on one line (mine was broken over two in its narrower column).
    for (const side of ['mine', 'theirs']) expect(await page.getByTestId(`sync-${side}-phone`).locator('bdi[data-phone]').evaluate((el) => el.getClientRects().length)).toBe(1);
    await screenshot(page, 'sync-problems-phone-390', { fullPage: true, settleMs: 300 });
    expect(await axeFailures(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('sync-apply-mine').click();
    await expect.poll(async () => (await outbox(page)).count, { timeout: 30_000 }).toBe(0);
    const now = (await api<{ data: Patient }>(doctor, `/patients/${patient.id}`)).body.data;
    expect(now.phone).toBe(`+964${mine.slice(1)}`);
    await page.getByTestId('sync-problems-none').waitFor();
    // Kept in the device's log of what was settled.
    expect(await page.getByTestId('sync-settled').textContent()).toContain('ڕەتی کردەوە');
    // The audit trail: the doctor's change, then the desk's, marked as entered offline.
    expect(await offlineUpdates()).toBe(offlineBefore + 1);
  });

  it('a change to another field is re-applied on the newer version by itself; a clashing one is dropped by "keep theirs"', async () => {
    const tail = String(Date.now()).slice(-7);
    const [theirs, mine, theirsAgain] = [`0753${tail}`, `0754${tail}`, `0755${tail}`];
    const server = async () => (await api<{ data: Patient & { occupation: string | null } }>(doctor, `/patients/${patient.id}`)).body.data;
    const occupation = `Mamosta ${tail}`;
    const edit = async (field: string, value: string) => {
      await goWithin(page, `/patients/edit/${patient.id}`);
      await expect.poll(async () => latinDigits(await page.locator('#field-phone').inputValue()).replace(/\D/g, '')).toContain((await server()).phone.slice(4));
      proxy.set('down');
      await page.locator(field).fill(value);
      await page.locator(field).press('Enter');
      await page.waitForURL((u) => u.pathname === '/patients');
      await expect.poll(async () => (await outbox(page)).count).toBe(1);
    };

    // The desk's occupation during a cut, the doctor's phone online: no field both changed.
    await edit('#field-occupation', occupation);
    expect((await api(doctor, `/patients/${patient.id}`, { method: 'PATCH', body: { phone: theirs } })).status).toBe(200);
    proxy.set('up');
    await expect.poll(async () => (await outbox(page)).count, { timeout: 40_000 }).toBe(0);
    expect(await server()).toMatchObject({ occupation, phone: `+964${theirs.slice(1)}` });
    expect(await page.getByTestId('menu-badge-syncProblems').textContent()).not.toContain('1');

    // Both change the phone: it waits, and "keep theirs" drops the desk's.
    await edit('#field-phone', mine);
    expect((await api(doctor, `/patients/${patient.id}`, { method: 'PATCH', body: { phone: theirsAgain } })).status).toBe(200);
    proxy.set('up');
    await expect.poll(async () => (await page.getByTestId('menu-badge-syncProblems').textContent()) ?? '', { timeout: 40_000 }).toContain('1');
    await goWithin(page, '/sync-problems');
    await page.getByTestId('sync-keep-theirs').click();
    await page.getByTestId('sync-keep-theirs-ok').click();
    await expect.poll(async () => (await outbox(page)).count, { timeout: 30_000 }).toBe(0);
    await page.getByTestId('sync-problems-none').waitFor();
    expect(await server()).toMatchObject({ occupation, phone: `+964${theirsAgain.slice(1)}` });
    // Logged: the re-applied occupation, the phone kept as theirs. The log already on the screen
    // (the first test's) is read again after the choice: waited for, not read at once.
    const settled = () => page.getByTestId('sync-settled').textContent().then((text) => text ?? '');
    await expect.poll(settled).toContain('فڕێدرا (هی ئەوان مایەوە)');
    expect(await settled()).toContain('لەسەر وەشانی نوێتر دووبارە جێبەجێ کرا');
  });

  it("a payment taken during a cut prints a provisional number, kept beside the server's once it lands", async () => {
    await goWithin(page, `/payments/create?patient_id=${patient.id}`);
    await page.locator('#field-amount').waitFor();
    proxy.set('down');
    await page.locator('#field-amount').fill('7500');
    await page.locator('#field-amount').press('Enter');
    await page.waitForURL((u) => u.pathname === `/patients/${patient.id}/payments`);
    await expect.poll(async () => (await outbox(page)).count).toBe(1);
    const provisionalId = (await keptRows(page)).find(([resource, id]) => resource === 'payments' && id < 0)?.[1];
    expect(provisionalId).toBeLessThan(0);

    await goWithin(page, `/payments/show/${provisionalId}`);
    await page.getByTestId('receipt-print').click();
    await waitForPrint(page);
    const number = ((await page.getByTestId('print-receipt-number').textContent()) ?? '').replace(/^#/, '');
    expect(number).toMatch(/^[0-9A-F]{4}-\d+$/);
    expect(await page.getByTestId('print-receipt-provisional').textContent()).toBe('ژمارەی کاتی: کلینیک ژمارەی ئەم پسوڵەیە دادەنێت کاتێک پەیوەندی گەڕایەوە');

    proxy.set('up');
    await expect.poll(async () => (await outbox(page)).count, { timeout: 40_000 }).toBe(0);
    const landed = (await api<{ data: { id: number; amount: string; receipt_number: number; provisional_receipt: string }[] }>(doctor, `/payments?filter[provisional_receipt]=${number}`)).body.data;
    expect(landed).toHaveLength(1);
    expect(Number(landed[0].amount)).toBe(7500);
    expect(landed[0].receipt_number).toBeGreaterThan(0);
    // Printed again from the server's record, the page opened on the provisional id as the desk
    // had it: its number, the provisional one beside it.
    await page.evaluate(() => ((window as unknown as { printed: number }).printed = 0));
    await goWithin(page, '/patients');
    await goWithin(page, `/payments/show/${provisionalId}`);
    await page.getByTestId('receipt-print').click();
    await waitForPrint(page);
    expect(await page.getByTestId('print-receipt-number').textContent()).toBe(`#${landed[0].receipt_number}`);
    expect(await page.getByTestId('print-receipt-provisional').textContent()).toContain(number);
  });

  it('"edit" opens the record\'s form with what was entered, and its save settles the problem', async () => {
    const tail = String(Date.now()).slice(-7);
    const [mine, theirs, corrected] = [`0756${tail}`, `0757${tail}`, `0758${tail}`];
    const server = async () => (await api<{ data: Patient }>(doctor, `/patients/${patient.id}`)).body.data;
    const phone = page.locator('#field-phone');
    await goWithin(page, `/patients/edit/${patient.id}`);
    await expect.poll(async () => latinDigits(await phone.inputValue()).replace(/\D/g, '')).toContain((await server()).phone.slice(4));
    proxy.set('down');
    await phone.fill(mine);
    await phone.press('Enter');
    await expect.poll(async () => (await outbox(page)).count).toBe(1);
    expect((await api(doctor, `/patients/${patient.id}`, { method: 'PATCH', body: { phone: theirs } })).status).toBe(200);
    proxy.set('up');
    await expect.poll(async () => (await page.getByTestId('menu-badge-syncProblems').textContent()) ?? '', { timeout: 40_000 }).toContain('1');
    await goWithin(page, '/sync-problems');
    await page.getByTestId('sync-edit').click();
    await page.waitForURL((u) => u.pathname === `/patients/edit/${patient.id}`);
    // The form holds what the desk entered, over the record as the server holds it now.
    await expect.poll(async () => latinDigits(await phone.inputValue()).replace(/\D/g, '')).toContain(mine.slice(1));
    await phone.fill(corrected);
    await phone.press('Enter');
    // Sent through the outbox and a sync pass: more than a poll's second on a loaded CI machine.
    await expect.poll(async () => (await server()).phone, { timeout: 20_000 }).toBe(`+964${corrected.slice(1)}`);
    await expect.poll(async () => (await outbox(page)).count).toBe(0);
    await expect.poll(async () => (await page.getByTestId('menu-badge-syncProblems').textContent()) ?? '').not.toContain('1');
  });
});

// A whole internet cut at a clinic with two devices (issue 37, its browser test), in Kurdish: the
// desk's PC (1440 px, an installed app in a browser profile of its own, behind a link the test
// cuts: cut-proxy.ts) and a phone (390 px) online all along. During the cut the PC registers a
// patient (the phone number typed in Arabic-Indic digits), books them, corrects another patient's
// phone; the browser is closed and opened again mid-cut (what waits is on disk, sealed) and, after
// an offline sign-in, the PC checks the booking in, records a visit with two drugs from the
// catalog and takes a partial payment, printing its receipt with the device's provisional number.
// Meanwhile the phone changes the same patient's phone and books the very slot the PC took.
// When the link returns: the patient, the visit and the payment exist once each; the phone clash
// and the taken slot wait in Sync problems and are settled from there (mine applied; another slot
// chosen, after which the check-in and the visit that waited on the booking follow); the payment
// has its receipt number beside the provisional one; the audit trail marks what was entered offline.
// A test run again (vitest's retry) starts on a new PC (a new profile: a new device, signed in, the
// link up) with names, phones and days of its own: its first run's are on the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { appInstalled, api, CHROMIUM, countPrints, isRerun, launch, PASSWORD, serverPort, stamp, until, waitForPrint } from './browser';
import { type CutProxy, cutProxy } from './cut-proxy';
import { goWithin, keptRows, signInAt } from './device-store';
import { note, watchContext } from './diagnostics';
import { latinDigits } from '../../src/shared/digits';
import ckb from '../../locales/ckb.json';

let rerun = 0;
let MARK = '';
let NEW_PHONE = '';
let [MINE, THEIRS] = ['', ''];
/** The first test's names and phones, new for each run. */
function renewMarks(): void {
  const tail = String(Date.now()).slice(-7);
  MARK = stamp('Wholecut');
  NEW_PHONE = `0750${tail}`;
  [MINE, THEIRS] = [`0770${tail}`, `0771${tail}`];
}
renewMarks();
const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
const e164 = (local: string) => `+964${local.slice(1)}`;

/** A day nine days ahead (within the bookings a device keeps), as the forms write it. */
function dayAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** The first test's day (two days on for each run again: the slots of the run before are taken). */
const bookingDay = () => dayAhead(9 + 2 * rerun);
/** The day of the booking the second test postpones. */
const postponeDay = () => dayAhead(10 + 2 * rerun);
const [SLOT, OTHER_SLOT] = ['07:20', '07:40'];

/** How many entries wait in the device's outbox (its store's count; -1 before it exists). */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'clinic-offline')) return -1;
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('clinic-offline');
      req.onsuccess = () => resolve(req.result);
    });
    if (!db.objectStoreNames.contains('outbox')) {
      db.close();
      return -1;
    }
    const count = await new Promise<number>((resolve) => {
      const req = db.transaction('outbox').objectStore('outbox').count();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return count;
  });
}

/** The provisional id of the one record of a resource the device made during this cut. */
async function provisional(page: Page, resource: string, known: number[] = []): Promise<number> {
  let found: number | undefined;
  await expect
    .poll(async () => {
      found = (await keptRows(page)).find(([r, id]) => r === resource && id < 0 && !known.includes(id))?.[1];
      return found;
    })
    .toBeLessThan(0);
  return found!;
}

type Audit = { action: string; record_id: number; entered_offline_at: string | null; device_id: string | null };

describe('a whole cut: two devices of one clinic (Kurdish, 1440 px offline, 390 px online)', () => {
  let browser: Browser;
  let proxy: CutProxy;
  let profile = '';
  let pc: BrowserContext;
  let page: Page;
  let phone: Page;
  let origin = '';

  /** The desk's PC: a browser profile on disk, so closing the browser keeps what the device holds. */
  const openPc = async (): Promise<Page> => {
    pc = watchContext(
      await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        viewport: { width: 1440, height: 900 },
        serviceWorkers: 'allow',
      }),
    );
    await pc.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    await countPrints(pc);
    pc.setDefaultTimeout(15_000);
    // A page of its own (watched for the failure's report), the profile's first one closed.
    const first = pc.pages();
    const opened = await pc.newPage();
    for (const p of first) await p.close();
    return opened;
  };

  /** The booking the second test postpones, made online on the phone before the PC signs in (its first pass brings it). */
  let toPostpone = 0;
  const newBookingToPostpone = async () => {
    const doctor = await phone.evaluate(async (password) => {
      const res = await fetch('/api/v1/auth/tenant/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'assistant', password }) });
      const { token } = (await res.json()) as { token: string };
      const profile = await fetch('/api/v1/auth/tenant/profile', { headers: { Authorization: `Bearer ${token}` } });
      return ((await profile.json()) as { data: { id: number } }).data.id;
    }, PASSWORD);
    const [someone] = (await api<{ data: { id: number }[] }>(phone, '/patients?per_page=1&sort=id')).body.data;
    const made = await api<{ data: { id: number } }>(phone, '/appointments', { method: 'POST', body: { patient_id: someone.id, doctor_id: doctor, date: postponeDay(), time: SLOT, duration_minutes: 15 } });
    expect(made.status).toBe(201);
    toPostpone = made.body.data.id;
  };

  /** The PC on a new profile, the assistant signed in, the working set and the installed shell on it. */
  const freshPc = async () => {
    await pc?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    profile = mkdtempSync(join(tmpdir(), 'whole-cut-'));
    page = await openPc();
    await signInAt(page, origin, 'assistant');
    // The working set on the PC, and its installed shell (a page opened during the cut loads).
    // Its patients and the drug catalog (the visit's prescription during the cut): the shell's
    // install no longer takes long enough to cover the rest of the pass.
    await until(
      page,
      async () => {
        const kept = await keptRows(page);
        const resources = new Set(kept.map(([r]) => r));
        return resources.has('patients') && resources.has('drugs') && kept.some(([r, id]) => r === 'appointments' && id === toPostpone);
      },
      'the working set did not reach the device',
    );
    await appInstalled(page);
  };

  beforeAll(async () => {
    proxy = await cutProxy(serverPort());
    origin = `http://demo.localhost:${proxy.port}`;
    browser = await launch();
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phoneContext.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    phoneContext.setDefaultTimeout(15_000);
    phone = await phoneContext.newPage();
    await signInAt(phone, `http://demo.localhost:${serverPort()}`, 'secretary');
    await newBookingToPostpone();
    await freshPc();
  });
  beforeEach(async ({ task }) => {
    if (!isRerun(task)) return;
    proxy.set('up');
    rerun++;
    renewMarks();
    await newBookingToPostpone();
    await freshPc();
  });
  afterAll(async () => {
    await pc?.close();
    await browser?.close();
    await proxy?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('keeps everything entered during the cut, once, and settles the clashes from Sync problems', async () => {
    const t0 = Date.now();
    const DAY = bookingDay();
    // Where the test was, and when, in a failure's report.
    const mark = (what: string) => note(`${((Date.now() - t0) / 1000).toFixed(1)} s into the cut test: ${what}`);
    const me = (await api<{ data: { id: number } }>(page, '/auth/tenant/profile')).body.data.id;
    // Two patients the server has: one whose phone both devices change, one the phone books.
    const known = (await api<{ data: { id: number; phone: string | null }[] }>(phone, '/patients?per_page=2&sort=id')).body.data;
    const [corrected, other] = known;
    const kept = (await keptRows(page)).filter(([r]) => r === 'patients').map(([, id]) => id);
    expect(kept).toContain(corrected.id);

    proxy.set('down');
    mark('1. A new patient');
    // 1. A new patient, the phone typed in Arabic-Indic digits.
    await goWithin(page, '/patients/create');
    await page.locator('#field-name').fill(MARK);
    await page.locator('#field-gender').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('#field-phone').fill(toArabicIndic(NEW_PHONE));
    await page.locator('#field-name').press('Enter');
    await expect.poll(() => outboxCount(page)).toBe(1);
    const patientId = await provisional(page, 'patients');

    mark('2. Booked');
    // 2. Booked at a slot of this doctor's (the device answers the patient search).
    await goWithin(page, `/appointments/create?date=${DAY}&time=${SLOT}&doctor_id=${me}`);
    await page.locator('#field-patient_id').click();
    await page.locator('#field-patient_id').fill(MARK);
    await page.locator('.ant-select-item-option').filter({ hasText: MARK }).click();
    await page.getByTestId('appointment-save').click();
    await expect.poll(() => outboxCount(page)).toBe(2);
    const bookingId = await provisional(page, 'appointments');

    mark('3. Another');
    // 3. Another patient's phone corrected.
    await goWithin(page, `/patients/edit/${corrected.id}`);
    const phoneField = page.locator('#field-phone');
    await expect.poll(async () => (await phoneField.isEnabled()) && (await phoneField.inputValue()) !== '').toBe(true);
    await phoneField.fill(MINE);
    await phoneField.press('Enter');
    await expect.poll(() => outboxCount(page)).toBe(3);

    mark('Meanwhile the phone');
    // Meanwhile the phone, online: the same patient's phone, and the slot the PC took.
    await phone.goto(`http://demo.localhost:${serverPort()}/patients/edit/${corrected.id}`);
    const theirPhone = phone.locator('#field-phone');
    await expect.poll(async () => (await theirPhone.isEnabled()) && (await theirPhone.inputValue()) !== '').toBe(true);
    await theirPhone.fill(THEIRS);
    await theirPhone.press('Enter');
    await phone.waitForURL((u) => u.pathname === '/patients');
    await phone.goto(`http://demo.localhost:${serverPort()}/appointments/create?date=${DAY}&time=${SLOT}&doctor_id=${me}&patient_id=${other.id}`);
    await phone.locator('.ant-select-selection-item').first().waitFor();
    await phone.getByTestId('appointment-save').click();
    const later = phone.getByTestId('send-later');
    await expect.poll(async () => new URL(phone.url()).pathname === '/appointments' || (await later.isVisible())).toBe(true);
    if (await later.isVisible()) await later.click();
    const taken = (await api<{ data: { id: number; patient_id: number; time: string }[] }>(phone, `/appointments?filter[date]=${DAY}&filter[doctor_id]=${me}`)).body.data;
    expect(taken.filter((b) => b.time.startsWith(SLOT)).map((b) => b.patient_id)).toEqual([other.id]);

    mark("// The PC's browser closed");
    // The PC's browser closed and opened again mid-cut: the outbox is still there, sealed.
    await pc.close();
    page = await openPc();
    await page.goto(`${origin}/dashboard`);
    expect(await outboxCount(page)).toBe(3);
    await page.evaluate(() => localStorage.removeItem('token'));
    await signInAt(page, origin, 'assistant');
    await page.getByTestId('offline-banner').waitFor();

    mark('4. Checked in');
    // 4. Checked in, from the bookings (the booking is still only on the device).
    await goWithin(page, `/appointments?date=${DAY}`);
    await page.getByTestId(`move-${bookingId}-1`).click();
    await expect.poll(() => outboxCount(page)).toBe(4);

    mark('5. The visit');
    // 5. The visit, two drugs from the catalog.
    await goWithin(page, `/visitings/${bookingId}/new`);
    await page.locator('#visit-chief_complaint').fill('سەرئێشە');
    for (const row of [0, 1]) {
      await page.getByTestId('rx-add').click();
      await page.locator(`#rx-${row}-drug`).click();
      // Chosen from the keyboard, as a desk does: the row before's list may still be closing over
      // this one (a click then met a list on its way out, or an option not yet drawn).
      await expect.poll(() => page.locator('.ant-select-dropdown .ant-select-item-option').count()).toBeGreaterThan(row);
      for (let i = 0; i < row; i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator(`#rx-${row}-drug`).evaluate((el) => el.closest('.ant-select')?.querySelector('.ant-select-selection-item')?.textContent ?? '')).not.toBe('');
    }
    await page.locator('#visit-fee').fill('25000');
    await page.locator('#visit-fee').blur();
    await page.getByTestId('visit-save').click();
    await expect.poll(() => outboxCount(page)).toBe(5);

    mark('6. A partial');
    // 6. A partial payment, its receipt printed with the device's provisional number.
    await goWithin(page, `/payments/create?patient_id=${patientId}`);
    await page.locator('#field-amount').fill('10000');
    await page.locator('#field-amount').press('Enter');
    await expect.poll(() => outboxCount(page)).toBe(6);
    const paymentId = await provisional(page, 'payments');
    await goWithin(page, `/payments/show/${paymentId}`);
    // Not on the server yet: its page says so and offers nothing that names it there (a refund).
    await page.getByTestId('waiting-mark').waitFor();
    expect(await page.getByTestId('payment-refund').count()).toBe(0);
    await page.getByTestId('receipt-print').click();
    await waitForPrint(page);
    const printed = ((await page.getByTestId('print-receipt-number').textContent()) ?? '').replace(/^#/, '');
    expect(printed).toMatch(/^[0-9A-F]{4}-\d+$/);

    mark('The link back');
    // The link back. The offline sign-in's session is the device's own: the desk signs in again.
    proxy.set('up');
    await page.evaluate(() => localStorage.removeItem('token'));
    await signInAt(page, origin, 'assistant');
    // The phone clash (412) and the taken slot (422) wait; what did not depend on them went.
    await expect.poll(async () => (await page.getByTestId('menu-badge-syncProblems').textContent()) ?? '', { timeout: 40_000 }).toContain('2');
    const made = (await api<{ data: { id: number; phone: string; client_ref: string }[] }>(page, `/patients?q=${MARK}`)).body.data;
    expect(made).toHaveLength(1);
    expect(made[0].phone).toBe(e164(NEW_PHONE));
    const patient = made[0].id;

    mark("await goWithin(page, '/sync-pr");
    await goWithin(page, '/sync-problems');
    const problems = page.getByTestId('sync-problem');
    await expect.poll(() => problems.count()).toBe(2);
    const phoneProblem = problems.filter({ has: page.getByTestId('sync-mine-phone') });
    expect([await phoneProblem.getByTestId('sync-problem-status').getAttribute('data-status'), await phoneProblem.getByTestId('sync-problem-status').textContent()]).toEqual(['412', ckb.syncProblems.kind.changed]);
    expect(latinDigits((await phoneProblem.getByTestId('sync-theirs-phone').textContent()) ?? '').replace(/\D/g, '')).toContain(THEIRS.slice(1));
    await phoneProblem.getByTestId('sync-apply-mine').click();
    await expect.poll(() => problems.count(), { timeout: 20_000 }).toBe(1);
    mark('The slot: another');
    // The slot: another one asked for, on the booking form holding what was entered.
    expect([await problems.getByTestId('sync-problem-status').getAttribute('data-status'), await problems.getByTestId('sync-problem-status').textContent()]).toEqual(['422', ckb.syncProblems.kind.refused]);
    await problems.getByTestId('sync-edit').click();
    await page.waitForURL((u) => u.pathname === '/appointments/create');
    await page.locator('.ant-select-selection-item', { hasText: MARK }).waitFor();
    await page.locator('#field-time').click();
    await page.locator('#field-time').fill(OTHER_SLOT);
    await page.locator('#field-time').press('Enter');
    await page.getByTestId('appointment-save').click();
    await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
    await expect.poll(async () => (await page.getByTestId('menu-badge-syncProblems').textContent()) ?? '').toBe('');

    mark('Every record once');
    // Every record once; the booking at the other slot, done by its visit; the receipt numbered.
    const server = async <T>(path: string) => (await api<{ data: T }>(page, path)).body.data;
    const bookings = await server<{ id: number; time: string; status: number }[]>(`/appointments?filter[patient_id]=${patient}`);
    expect(bookings.map((b) => b.time.slice(0, 5))).toEqual([OTHER_SLOT]);
    await expect.poll(async () => (await server<{ status: number }>(`/appointments/${bookings[0].id}`)).status).toBe(6);
    const visits = await server<{ id: number; appointment_id: number; fee: string; prescriptions: { drug_id: number }[] }[]>(`/visitings?filter[patient_id]=${patient}`);
    expect(visits).toHaveLength(1);
    expect(visits[0].appointment_id).toBe(bookings[0].id);
    expect(new Set(visits[0].prescriptions.map((p) => p.drug_id)).size).toBe(2);
    const payments = await server<{ id: number; amount: string; receipt_number: number; provisional_receipt: string }[]>(`/payments?filter[patient_id]=${patient}`);
    expect(payments).toHaveLength(1);
    expect(Number(payments[0].amount)).toBe(10000);
    expect(payments[0].receipt_number).toBeGreaterThan(0);
    expect(payments[0].provisional_receipt).toBe(printed);
    expect((await server<{ phone: string }>(`/patients/${corrected.id}`)).phone).toBe(e164(MINE));

    mark('The audit trail');
    // The audit trail: what was sent from the outbox is marked entered offline, on this device.
    const device = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const req = indexedDB.open('clinic-offline');
        req.onsuccess = () => resolve(req.result);
      });
      const row = await new Promise<{ value: string } | undefined>((resolve) => {
        const req = db.transaction('device').objectStore('device').get('id');
        req.onsuccess = () => resolve(req.result as { value: string } | undefined);
      });
      db.close();
      return row?.value;
    });
    // Read by the Main Doctor (who reads the clinic's activity), signed in apart on the phone's origin.
    const doctorToken = await phone.evaluate(async (password) => {
      const res = await fetch('/api/v1/auth/tenant/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'doctor', password }) });
      return ((await res.json()) as { token: string }).token;
    }, PASSWORD);
    const trail = async (resource: string, id: number, action: string) => {
      const path = `/api/v1/audit?filter[resource]=${resource}&filter[record_id]=${id}&filter[action]=${action}`;
      const entries = await phone.evaluate(
        async ({ path, token }) => ((await (await fetch(path, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: Audit[] }).data,
        { path, token: doctorToken },
      );
      return entries.filter((e) => e.entered_offline_at && e.device_id === device);
    };
    for (const [resource, id, action] of [
      ['patients', patient, 'create'],
      ['visitings', visits[0].id, 'create'],
      ['payments', payments[0].id, 'create'],
      ['appointments', bookings[0].id, 'update'],
      ['patients', corrected.id, 'update'],
    ] as const) {
      expect(await trail(resource, id, action), `${resource} ${action} marked offline`).toHaveLength(1);
    }
    mark('end');
  }, 240_000);

  it("postpones during a cut: the booking postponed and a new one at the slot chosen, once each, when the link returns", async () => {
    const server = async <T>(path: string) => (await api<{ data: T }>(page, path)).body.data;
    const [DAY, takenByPhone] = [postponeDay(), toPostpone];
    expect((await keptRows(page)).some(([r, id]) => r === 'appointments' && id === takenByPhone)).toBe(true);
    const before = await server<{ patient_id: number; doctor_id: number }>(`/appointments/${takenByPhone}`);
    const later = dayAhead(17 + 2 * rerun);
    await goWithin(page, `/appointments?date=${DAY}`);
    const move = page.getByTestId(`move-${takenByPhone}-2`);
    await move.waitFor();
    proxy.set('down');
    await move.click();
    await page.getByTestId(`postpone-date-${takenByPhone}`).click();
    await page.getByTestId(`postpone-date-${takenByPhone}`).fill(later);
    await page.getByTestId(`postpone-date-${takenByPhone}`).press('Enter');
    await page.getByTestId(`postpone-time-${takenByPhone}`).click();
    await page.getByTestId(`postpone-time-${takenByPhone}`).fill(OTHER_SLOT);
    await page.getByTestId(`postpone-time-${takenByPhone}`).press('Enter');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'دواخراو' }).click();
    // Kept as its two writes: the booking postponed, a new one holding the slot.
    await expect.poll(() => outboxCount(page)).toBe(2);
    proxy.set('up');
    await expect.poll(() => outboxCount(page), { timeout: 40_000 }).toBe(0);
    expect((await server<{ status: number }>(`/appointments/${takenByPhone}`)).status).toBe(2);
    const moved = (await server<{ id: number; patient_id: number; time: string; status: number }[]>(`/appointments?filter[date]=${later}&filter[doctor_id]=${before.doctor_id}`)).filter((b) => b.patient_id === before.patient_id);
    expect(moved.map((b) => [b.time.slice(0, 5), b.status])).toEqual([[OTHER_SLOT, 0]]);
  }, 120_000);
});

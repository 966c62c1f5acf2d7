// The desk's writes during an internet cut as a desk makes them (Kurdish, 1440 px, cut-proxy.ts),
// found by using the app end to end:
// - a booking's edit form kept during the cut sends only what was changed, on its version: the
//   doctor's check-in made online meanwhile stays, and the booking's notes (which the device does
//   not keep) are not emptied. It sent every field unversioned: the check-in was undone and the
//   notes erased when the link came back.
// - Save double-clicked keeps one change, as the server makes one record of one submission: the
//   device kept two entries and showed the patient, and the payment, twice until the link came back.
// - A patient saved while the link carries the request to the server but never brings its answer
//   back (a mute link): after the write's wait (WRITE_TIMEOUT_MS) it is kept in the outbox and the
//   form moves on; sent again when the link answers, it is one patient. The Save button was busy
//   for good.
// - A refund (an action, not a record's create or change) over a mute link: past the write's wait
//   it is told as perhaps done, with the dialog free again; sent again when the link answers, it is
//   one refund (the same Idempotency-Key). The button was busy for good, and a second try after a
//   reload would have been a second refund.
// - A booking refused when sent (its slot taken meanwhile) shows in Sync problems with its doctor
//   by name (the secretary may not read staff records: it read "1"), within a phone's width (390
//   px, right to left: it looked cut), and axe finds nothing serious there.
// - A patient saved during a cut on a page opened again (its device key lives in memory only): the
//   lock asks the password at once and says the patient is not saved yet; the form stays under it,
//   and saved again it is kept and then sent once. It said "needs the server" and offered nothing.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appInstalled, api, fileContext, isRerun, launch, PASSWORD, screenshot, serverPort, stamp, unlockWith, until } from './browser';
import { axeFailures } from './axe';
import { overflowsOf } from './every-screen';
import { type CutProxy, cutProxy } from './cut-proxy';
import { goWithin, keptRows, signInAt } from './device-store';
import ckb from '../../locales/ckb.json';
import { outboxCount } from './outbox-count';

let MARK = stamp('Deskwrites');

/** How many entries wait in the device's outbox. */

/** A call to the server as the doctor, straight (not through the desk's cut link). */
function asDoctor<T>(token: string, path: string, init: { method?: string; body?: unknown; ifMatch?: number } = {}): Promise<{ status: number; body: T }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers: Record<string, string> = { Host: `demo.localhost:${serverPort()}`, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.ifMatch !== undefined) headers['If-Match'] = `"${init.ifMatch}"`;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: serverPort(), path: `/api/v1${path}`, method: init.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : {}) as T }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A working day (not a Friday) some days ahead, as the forms write it. */
function workingDayAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  if (d.getDay() === 5) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type Booking = { id: number; status: number; referral: string | null; notes: string | null; version: number };

describe('the desk writes through a cut as a desk does (Kurdish, 1440 px)', () => {
  let browser: Browser;
  let proxy: CutProxy;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let booking: Booking;
  let me = 0;
  let patient = 0;
  let rerun = 0;

  /** A booking with the doctor's notes, made before the desk signs in (its first pass brings it). */
  const newBooking = async () => {
    const made = await asDoctor<{ data: Booking }>(token, '/appointments', {
      method: 'POST',
      body: { patient_id: patient, doctor_id: me, date: workingDayAhead(5 + 2 * rerun), time: '20:40', duration_minutes: 15, notes: 'Bring the last lab results' },
    });
    expect(made.status).toBe(201);
    booking = made.body.data;
  };
  /** The desk signed in on a context of its own, the booking on the device, the app installed. */
  const freshDesk = async () => {
    await context?.close();
    context = await fileContext(browser, { viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await signInAt(page, `http://demo.localhost:${proxy.port}`, 'secretary');
    await until(page, async () => (await keptRows(page)).some(([r, id]) => r === 'appointments' && id === booking.id), 'the booking did not reach the device');
    // The installed shell, so the screens opened during the cut load.
    await appInstalled(page);
  };

  beforeAll(async () => {
    token = (await asDoctor<{ token: string }>('', '/auth/tenant/login', { method: 'POST', body: { username: 'doctor', password: PASSWORD } })).body.token;
    me = (await asDoctor<{ data: { id: number } }>(token, '/auth/tenant/profile')).body.data.id;
    patient = (await asDoctor<{ data: { id: number }[] }>(token, '/patients?per_page=1')).body.data[0].id;
    await newBooking();
    browser = await launch();
    proxy = await cutProxy(serverPort());
    await freshDesk();
  });
  // A test run again starts on a fresh desk (the link up, an empty outbox, the key in hand), with
  // names, a booking and a slot of its own (two days on: the device keeps 30 days ahead): its first
  // run's are on the server.
  beforeEach(async ({ task }) => {
    if (!isRerun(task)) return;
    proxy.set('up');
    rerun++;
    MARK = stamp('Deskwrites');
    await newBooking();
    await freshDesk();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await proxy?.close();
  });

  it("a booking edited during the cut keeps the doctor's check-in and the notes when it is sent", async () => {
    await goWithin(page, `/appointments/edit/${booking.id}`);
    const referral = page.locator('#field-referral');
    // Loaded: the booking's notes in their field (typed before, the loaded record would fill over it).
    await expect.poll(() => page.locator('#field-notes').inputValue()).toBe('Bring the last lab results');
    proxy.set('down');
    await referral.fill('Dr. Aras');
    await page.getByTestId('appointment-save').click();
    await expect.poll(() => outboxCount(page)).toBe(1);
    // Meanwhile, online, the doctor checks the patient in.
    const checkedIn = await asDoctor<{ data: Booking }>(token, `/appointments/${booking.id}`, { method: 'PATCH', body: { status: 1 }, ifMatch: booking.version });
    expect(checkedIn.status).toBe(200);

    proxy.set('up');
    await expect.poll(() => outboxCount(page), { timeout: 40_000 }).toBe(0);
    const now = (await asDoctor<{ data: Booking }>(token, `/appointments/${booking.id}`)).body.data;
    expect({ status: now.status, referral: now.referral, notes: now.notes }).toEqual({ status: 1, referral: 'Dr. Aras', notes: 'Bring the last lab results' });
  }, 120_000);

  it('Save double-clicked during the cut keeps one patient and one payment, sent once each', async () => {
    const save = page.locator('button.ant-btn-primary').filter({ hasText: ckb.buttons.save });
    proxy.set('down');
    try {
      await goWithin(page, '/patients/create');
      await page.locator('#field-name').fill(MARK);
      await page.locator('#field-gender').click();
      await page.locator('.ant-select-item-option').first().click();
      await save.dblclick();
      await page.waitForURL((u) => u.pathname === '/patients');
      await expect.poll(() => outboxCount(page)).toBeGreaterThan(0);
      await page.waitForTimeout(1_000);
      expect(await outboxCount(page)).toBe(1);
      await page.getByTestId('list-search').fill(MARK);
      await page.getByTestId('list-search').press('Enter');
      await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: MARK }).count()).toBe(1);
      const patient = (await keptRows(page)).find(([r, id]) => r === 'patients' && id < 0)![1];

      await goWithin(page, `/payments/create?patient_id=${patient}`);
      await page.locator('#field-amount').fill('5000');
      await save.dblclick();
      await expect.poll(() => outboxCount(page)).toBeGreaterThan(1);
      await page.waitForTimeout(1_000);
      expect(await outboxCount(page)).toBe(2);
      await goWithin(page, `/patients/${patient}/payments`);
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    } finally {
      proxy.set('up');
    }
    await expect.poll(() => outboxCount(page), { timeout: 40_000 }).toBe(0);
    const made = (await api<{ data: { id: number }[] }>(page, `/patients?q=${MARK}`)).body.data;
    expect(made).toHaveLength(1);
    expect((await api<{ data: unknown[] }>(page, `/payments?filter[patient_id]=${made[0].id}`)).body.data).toHaveLength(1);
  }, 120_000);

  it('a patient saved over a mute link is kept once the write has waited its time, and is one patient when the link answers', async () => {
    const name = `Mutelink${Date.now().toString(36)}`;
    const save = page.locator('button.ant-btn-primary').filter({ hasText: ckb.buttons.save });
    await goWithin(page, '/patients/create');
    await page.locator('#field-name').fill(name);
    await page.locator('#field-gender').click();
    await page.locator('.ant-select-item-option').first().click();
    proxy.set('mute');
    try {
      const started = Date.now();
      await save.click();
      // The request reached the server, which made the patient; its answer never came.
      await expect.poll(async () => (await asDoctor<{ data: unknown[] }>(token, `/patients?q=${name}`)).body.data.length).toBe(1);
      await page.waitForURL((u) => u.pathname === '/patients', { timeout: 40_000 });
      expect(Date.now() - started).toBeGreaterThan(15_000);
      expect(await outboxCount(page)).toBe(1);
    } finally {
      proxy.set('up');
    }
    await expect.poll(() => outboxCount(page), { timeout: 40_000 }).toBe(0);
    expect((await asDoctor<{ data: unknown[] }>(token, `/patients?q=${name}`)).body.data).toHaveLength(1);
  }, 120_000);

  it('a refund over a mute link is told as perhaps done once its wait is over, not busy for good; sent again when the link answers, it is one refund', async () => {
    const paid = (await asDoctor<{ data: { id: number } }>(token, '/payments', { method: 'POST', body: { patient_id: patient, amount: 25000 } })).body.data;
    const refunds = async () => (await asDoctor<{ data: { refund_of: number | null }[] }>(token, `/payments?filter[patient_id]=${patient}&per_page=100`)).body.data.filter((p) => p.refund_of === paid.id).length;
    await goWithin(page, `/payments/show/${paid.id}`);
    await page.getByTestId('payment-refund').click();
    await page.locator('#refund-amount').fill('2000');
    const ok = page.getByTestId('payment-refund-ok');
    const told = page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: ckb.offline.unanswered });
    proxy.set('mute');
    try {
      const started = Date.now();
      await ok.click();
      // The refund reached the server, which made it; its answer never came.
      await expect.poll(refunds).toBe(1);
      await told.first().waitFor({ timeout: 40_000 });
      expect(Date.now() - started).toBeGreaterThan(15_000);
      expect(await ok.getAttribute('class')).not.toContain('ant-btn-loading');
    } finally {
      proxy.set('up');
    }
    // Sent again (the person's next try, the same amount) once the app sees the link back: the
    // server answers it with the first one's answer, and the dialog closes on it.
    for (let tries = 0; tries < 30 && (await ok.isVisible()); tries++) {
      await ok.click({ timeout: 2_000 }).catch(() => undefined);
      await page.waitForTimeout(1_000);
    }
    expect(await ok.isVisible(), 'the refund sent again was not answered').toBe(false);
    expect(await refunds()).toBe(1);
    expect(await outboxCount(page)).toBe(0);
  }, 120_000);

  it('a booking refused when sent names its doctor in Sync problems, and the screen fits a phone', async () => {
    const [day, slot] = [workingDayAhead(6 + 2 * rerun), '20:20'];
    const doctorName = (await asDoctor<{ data: { name: string } }>(token, '/auth/tenant/profile')).body.data.name;
    await goWithin(page, `/appointments/create?date=${day}&time=${slot}&doctor_id=${me}&patient_id=${patient}`);
    await page.locator('.ant-select-selection-item').first().waitFor();
    proxy.set('down');
    await page.getByTestId('appointment-save').click();
    await expect.poll(() => outboxCount(page)).toBe(1);
    // Meanwhile, online, the doctor gives that slot to the same patient.
    expect((await asDoctor(token, '/appointments', { method: 'POST', body: { patient_id: patient, doctor_id: me, date: day, time: slot, duration_minutes: 15 } })).status).toBe(201);
    proxy.set('up');
    await expect.poll(async () => (await page.getByTestId('menu-badge-syncProblems').textContent()) ?? '', { timeout: 40_000 }).toContain('1');

    await goWithin(page, '/sync-problems');
    const doctorShown = page.getByTestId('sync-mine-doctor_id');
    await expect.poll(async () => (await doctorShown.textContent())?.trim()).toBe(doctorName);
    await screenshot(page, 'sync-problems-1440', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('sync-problem').waitFor();
    await expect.poll(() => overflowsOf(page)).toEqual([]);
    // Nothing of the card past its edges, clipped by its header (the time entered was cut), but
    // what scrolls in a box of its own.
    const escaping = await page.evaluate(() => {
      const card = document.querySelector('[data-testid=sync-problem]')!;
      const edge = card.getBoundingClientRect();
      const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
      return [...card.querySelectorAll('*')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          if (!box.width || (box.left >= edge.left - 1 && box.right <= edge.right + 1)) return false;
          for (let up = el.parentElement; up && up !== card; up = up.parentElement) if (scrolls(up)) return false;
          return true;
        })
        .map((el) => el.textContent);
    });
    expect(escaping).toEqual([]);
    await screenshot(page, 'sync-problems-390', { fullPage: true, settleMs: 300 });
    expect(await axeFailures(page)).toEqual([]);
    await page.getByTestId('sync-keep-theirs').click();
    await page.getByTestId('sync-keep-theirs-ok').click();
    await page.getByTestId('sync-problems-none').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await outboxCount(page)).toBe(0);
  }, 120_000);

  // Last: the page opened again holds no device key for the tests after it.
  it('a patient saved during a cut on a page opened again: the lock asks the password, and saved again it is kept and sent once', async () => {
    const name = stamp('Reopened');
    const save = page.locator('button.ant-btn-primary').filter({ hasText: ckb.buttons.save });
    await page.reload();
    await page.locator('.ant-layout-content').first().waitFor();
    await goWithin(page, '/patients/create');
    await page.locator('#field-name').waitFor();
    proxy.set('down');
    try {
      await page.locator('#field-name').fill(name);
      await page.locator('#field-gender').click();
      await page.locator('.ant-select-item-option').first().click();
      await save.click();
      await page.getByTestId('idle-lock').waitFor();
      await page.getByText(ckb.offline.unlockToKeep).first().waitFor();
      await screenshot(page, 'reopened-save-lock-1440', { settleMs: 300 });
      expect(await axeFailures(page)).toEqual([]);
      expect(await outboxCount(page)).toBe(0);
      await unlockWith(page, PASSWORD);
      // The form as it was typed, under the lock; saved again, it is kept on the device.
      expect(await page.locator('#field-name').inputValue()).toBe(name);
      await save.click();
      await page.waitForURL((u) => u.pathname === '/patients');
      await expect.poll(() => outboxCount(page)).toBe(1);
    } finally {
      proxy.set('up');
    }
    await expect.poll(() => outboxCount(page), { timeout: 40_000 }).toBe(0);
    expect((await asDoctor<{ data: unknown[] }>(token, `/patients?q=${name}`)).body.data).toHaveLength(1);
  }, 120_000);
});

// Online booking (issue 18), in Kurdish, in a clinic of its own (the demo clinic's plan has no room
// for more staff, and other journeys keep its doctors' days): the Main Doctor opens it on the
// clinic's settings for themself, with working hours; a patient on a phone goes from the clinic's page to "book", picks the
// doctor, a day and a free time, types the phone in Arabic-Indic digits and asks; the secretary
// finds the request under "Booking requests" and books it: the patient is registered and the
// booking is on the clinic's list with its confirmation message waiting.
import { describe, expect, it } from 'vitest';
import dayjs, { type Dayjs } from 'dayjs';
import type { Page } from 'playwright-core';
import { latinDigits } from '../../src/shared/digits';
import { localDay } from '../../src/server/days';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, kurdishPages, kurdishSessions, launch, login, onRerun, screenshot, stamp, waitForPath } from './browser';

// A retried test makes clinics of its own (the first run's subdomains are taken).
let tag = stamp();
let CLINIC = `book${tag}.localhost`;
let SLOW = `slow${tag}`;
onRerun(() => {
  tag = stamp();
  CLINIC = `book${tag}.localhost`;
  SLOW = `slow${tag}`;
});
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
const PASSWORD = 'Qx7-marble-orchid-92';

const kurdishPage = kurdishPages();
/** Signed in to this run's clinic (`host`: the slow one), on its dashboard. */
async function signedIn(user: string, width: number, host = CLINIC): Promise<Page> {
  const page = await kurdishPage({ width });
  await login(page, host, user, PASSWORD);
  await waitForPath(page, '/dashboard');
  return page;
}
const central = kurdishSessions('localhost');

/**
 * Picks a day on the booking page's calendar, until the field shows it: a click while the popup
 * still moves into place can land on the cell beside it, and today's times may be over by then.
 */
async function pickDay(page: Page, day: Dayjs): Promise<void> {
  const wanted = day.format('YYYY-MM-DD');
  const field = page.getByTestId('book-day');
  for (let tries = 0; ; tries++) {
    // A click on the field opens the calendar (again, if the last pick's is still closing).
    await page.getByTestId('book-day').click();
    await page.locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell[title="${wanted}"]`).click();
    if (latinDigits(await field.inputValue()) === wanted) return;
    if (tries === 4) expect(latinDigits(await field.inputValue())).toBe(wanted);
  }
}

describe('online booking', () => {
  it('a patient asks on the clinic site on a phone and the secretary books it', async () => {
    const owner = await central('owner', 1440);
    const plans = (await api<{ data: { id: number }[] }>(owner, '/plans?sort=-price')).body.data;
    const clinic = await api(owner, '/tenants', { method: 'POST', body: { name: `Dr. Online ${tag}`, subdomain: `book${tag}`, username: `doc${tag}`, password: PASSWORD, plan_id: plans[0].id } });
    expect(clinic.status).toBe(201);
    const main = await signedIn(`doc${tag}`, 1440);
    const doctor = (await api<{ data: { id: number } }>(main, '/auth/tenant/profile')).body.data;
    const secretary = (await api<{ data: { id: number } }>(main, '/tenantUsers', { method: 'POST', body: { name: 'Nazdar Online', username: `desk${tag}`, password: PASSWORD, role: 2 } })).body.data;
    // The secretary runs the bookings and registers patients.
    const catalogue = (await api<{ permissions: { id: number; table_name: string }[] }>(main, '/permissions')).body.permissions;
    const granted = catalogue.filter((p) => ['appointments', 'patients'].includes(p.table_name)).map((p) => p.id);
    expect((await api(main, '/permissions/update', { method: 'PUT', body: { user: secretary.id, permissions: granted } })).status).toBe(200);
    // The doctor receives patients every day, 08:00-20:00.
    for (let weekday = 0; weekday < 7; weekday++) {
      expect((await api(main, '/working-hours', { method: 'POST', body: { doctor_id: doctor.id, weekday, start_time: '08:00', end_time: '20:00' } })).status).toBe(201);
    }
    // The Main Doctor opens online booking for themself on the settings page.
    {
      await main.goto(url('/settings/profile'));
      const card = main.getByTestId('online-booking-settings');
      await card.waitFor();
      await card.getByTestId('online-booking-enabled').click();
      await card.locator('#online-booking-doctors').click();
      await main.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Dr. Online ${tag}` }).click();
      await main.keyboard.press('Escape');
      await card.getByTestId('online-booking-save').click();
      await expect.poll(async () => (await api<{ data: { enabled: boolean; doctor_ids: number[] } }>(main, '/settings/online-booking')).body.data).toMatchObject({ enabled: true, doctor_ids: [doctor.id] });

      // The patient, on a phone, with no account.
      const browser = await launch();
      // Three days ahead on the clinic's calendar (Baghdad), not the machine's.
      const day = localDay(new Date()).add(3, 'day');
      try {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        await context.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
        const phone = await context.newPage();
        await phone.goto(url('/'));
        await phone.getByTestId('clinic-book').click();
        await phone.waitForURL((u) => u.pathname === '/book');
        await phone.getByTestId('book-doctor').getByText(`Dr. Online ${tag}`).click();
        await pickDay(phone, day);
        await phone.getByTestId('book-slot-10:30').click();
        await phone.locator('#book-name').fill(`Online ${tag}`);
        await phone.locator('#book-phone').fill('٠٧٧٠ ٥٥٥ ١٢٣٤');
        await phone.getByTestId('book-gender').getByText(ckb.enums.gender['1']).click();
        await screenshot(phone, 'book-online-390', { fullPage: true });
        await phone.getByTestId('book-send').click();
        await phone.getByTestId('booking-sent').getByText(ckb.onlineBooking.sentPending).waitFor();
        // The time is taken now: asked again, it is no longer offered.
        await phone.goto(url('/book'));
        await phone.getByTestId('book-doctor').getByText(`Dr. Online ${tag}`).click();
        await pickDay(phone, day);
        await phone.getByTestId('book-slot-10:45').waitFor();
        expect(await phone.getByTestId('book-slot-10:30').count()).toBe(0);
      } finally {
        await browser.close();
      }

      // The secretary books it from the requests.
      const desk = await signedIn(`desk${tag}`, 1440);
      await desk.goto(url('/booking-requests'));
      // The menu counts the request waiting.
      await expect.poll(() => desk.getByTestId('menu-badge-bookingRequests').locator('.ant-scroll-number').getAttribute('title')).toBe('1');
      const row = desk.locator('.ant-table-row', { hasText: `Online ${tag}` });
      await row.getByText(ckb.bookingRequests.status.pending).waitFor();
      await row.getByTestId('row-approve').click();
      await desk.locator('.ant-popconfirm').getByRole('button', { name: ckb.bookingRequests.approve }).click();
      await row.getByText(ckb.bookingRequests.status.approved).waitFor();
      await screenshot(desk, 'booking-requests-1440', { fullPage: true });
      const bookings = (await api<{ data: { date: string; time: string; origin: number; patient_id: number }[] }>(desk, `/appointments?filter[doctor_id]=${doctor.id}`)).body.data;
      expect(bookings.map((b) => [String(b.date).slice(0, 10), b.time.slice(0, 5), b.origin])).toEqual([[day.format('YYYY-MM-DD'), '10:30', 2]]);
      const patient = (await api<{ data: { name: string; phone: string } }>(desk, `/patients/${bookings[0].patient_id}`)).body.data;
      expect(patient).toMatchObject({ name: `Online ${tag}`, phone: '+9647705551234' });
    }
  });

  it("shows the chosen day's times when the first day's answer comes after them", async () => {
    // A clinic of its own, its Main Doctor booking online every day 08:00-20:00 but the first day
    // offered, which is closed: the two days' answers differ.
    const owner = await central('owner', 1440);
    const plans = (await api<{ data: { id: number }[] }>(owner, '/plans?sort=-price')).body.data;
    const made = await api(owner, '/tenants', { method: 'POST', body: { name: `Dr. Slow ${tag}`, subdomain: SLOW, username: `doc${SLOW}`, password: PASSWORD, plan_id: plans[0].id } });
    expect(made.status).toBe(201);
    const main = await signedIn(`doc${SLOW}`, 1440, `${SLOW}.localhost`);
    const doctor = (await api<{ data: { id: number } }>(main, '/auth/tenant/profile')).body.data;
    for (let weekday = 0; weekday < 7; weekday++) {
      expect((await api(main, '/working-hours', { method: 'POST', body: { doctor_id: doctor.id, weekday, start_time: '08:00', end_time: '20:00' } })).status).toBe(201);
    }
    const current = (await api<{ data: Record<string, unknown> }>(main, '/settings/online-booking')).body.data;
    expect((await api(main, '/settings/online-booking', { method: 'PUT', body: { ...current, enabled: true, doctor_ids: [doctor.id] } })).status).toBe(200);
    const first = (await api<{ data: { from: string } }>(main, '/public/booking')).body.data.from;
    expect((await api(main, '/closed-days', { method: 'POST', body: { date: first, doctor_id: null, reason: 'Closed' } })).status).toBe(201);
    const chosen = dayjs(first).add(3, 'day');

    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
      // The first day's times (asked as soon as the doctor is chosen) held back until the chosen day's are shown.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/api/v1/public/booking/slots?**', async (route) => {
        if (route.request().url().includes(`from=${first}`)) await held;
        await route.continue();
      });
      const phone = await context.newPage();
      await phone.goto(`${baseUrl(`${SLOW}.localhost`)}/book`);
      await phone.getByTestId('book-doctor').getByText(`Dr. Slow ${tag}`).click();
      await pickDay(phone, chosen);
      await phone.getByTestId('book-slot-10:30').waitFor();
      const late = phone.waitForResponse((res) => res.url().includes(`from=${first}`));
      release();
      await late;
      // Its answer read and handled (the loading bar is busy until then), and drawn.
      await phone.locator('[data-testid="loading-bar"][aria-busy="false"]').waitFor({ state: 'attached' });
      await phone.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await phone.getByTestId('book-slot-10:30').count()).toBe(1);

      // A day whose times cannot be read (the link failed) says so with Retry, not "no free time".
      const next = chosen.add(1, 'day');
      let failOnce = true;
      await context.route('**/api/v1/public/booking/slots?**', async (route) => {
        if (failOnce && route.request().url().includes(`from=${next.format('YYYY-MM-DD')}`)) {
          failOnce = false;
          await route.abort('internetdisconnected');
        } else await route.continue();
      });
      await pickDay(phone, next);
      await phone.getByTestId('book-slots').getByTestId('load-error').waitFor();
      expect(await phone.getByTestId('book-slots').getByText(ckb.onlineBooking.noSlots).count()).toBe(0);
      await phone.getByTestId('load-retry').click();
      await phone.getByTestId('book-slot-10:30').waitFor();
      expect(await phone.getByTestId('load-error').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});

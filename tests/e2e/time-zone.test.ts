// Stored moments read in the platform's time zone (Asia/Baghdad here), whatever the device's: a
// desk PC or a phone set to another zone showed other hours than the clinic's (issue 39, item 6).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dayOf, localDay } from '../../src/server/days';
import { api, baseUrl, launch, login, waitForPath } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** `2026-11-26 22:05` in Baghdad (UTC+3, no summer time) for an ISO moment. */
const inBaghdad = (iso: string) => new Date(new Date(iso).getTime() + 3 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

it("the clinic's activity shows its times in the clinic's zone on a device set to New York", async () => {
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  await context.addInitScript(() => window.localStorage.setItem('user-locale', 'en'));
  const page = await context.newPage();
  await login(page, 'demo.localhost', 'doctor');
  await waitForPath(page, '/dashboard');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
  const { body } = await api<{ data: { at: string }[] }>(page, '/audit?sort=-at&per_page=1');
  const at = body.data[0].at;
  await page.goto(`${baseUrl('demo.localhost')}/settings/activity`);
  await page.locator('.ant-table-tbody').getByText(inBaghdad(at)).first().waitFor();
  await context.close();
});

/**
 * A device zone whose calendar day differs from Baghdad's at `now`: Pago Pago (UTC-11) is a day
 * behind from 21:00 to 10:00 UTC, Kiritimati (UTC+14) a day ahead from 10:00 to 21:00 UTC.
 */
function zoneOnAnotherDay(now: Date): string {
  const hour = now.getUTCHours();
  return hour >= 10 && hour < 21 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
}

it("a device on another day shows today's queue and bookings, and opens the calendar, a new booking and the pickers, on the clinic's today", async () => {
  const zone = zoneOnAnotherDay(new Date());
  const context = await browser.newContext({ timezoneId: zone });
  await context.addInitScript(() => window.localStorage.setItem('user-locale', 'en'));
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await login(page, 'demo.localhost', 'secretary');
  await waitForPath(page, '/dashboard');
  const today = dayOf(new Date());
  // The device's own day is another (the bug showed it: after 21:00 UTC, yesterday's bookings).
  expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).not.toBe(today);

  // A booking on the clinic's today is in today's queue on the dashboard and in the bookings list.
  const name = `Zone ${Date.now().toString(36)}`;
  const patient = await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name, gender: 0 } });
  let booked = { status: 0, body: { data: { id: 0 } } };
  for (const time of ['05:05', '05:25', '05:45', '23:35', '23:50']) {
    booked = await api<{ data: { id: number } }>(page, '/appointments', { method: 'POST', body: { patient_id: patient.body.data.id, date: today, time } });
    if (booked.status !== 422) break;
  }
  expect(booked.status).toBe(201);
  await page.goto(`${baseUrl('demo.localhost')}/dashboard`);
  await page.getByTestId(`queue-item-${booked.body.data.id}`).waitFor();
  await page.goto(`${baseUrl('demo.localhost')}/appointments`);
  await page.locator('.ant-table-tbody tr', { hasText: name }).waitFor();

  // The calendar opens on the clinic's day.
  await page.goto(`${baseUrl('demo.localhost')}/appointments?view=day`);
  await page.getByTestId('day-view').waitFor();
  expect(await page.locator('[data-testid="appointment-date"]').inputValue()).toBe(today);
  expect(await page.locator('.rbc-day-slot.rbc-today').count()).toBeGreaterThan(0);

  // A new booking's date is the clinic's today, and its picker marks that day as today.
  await page.goto(`${baseUrl('demo.localhost')}/appointments/create`);
  await expect.poll(() => page.locator('#field-date').inputValue()).toBe(today);
  await page.locator('#field-date').click();
  expect(await page.locator('.ant-picker-dropdown:visible td.ant-picker-cell-today').getAttribute('title')).toBe(today);

  // A date of birth may be the clinic's today, not its tomorrow (a generated form's notFuture field).
  await page.goto(`${baseUrl('demo.localhost')}/patients/create`);
  await page.locator('#field-date_of_birth').click();
  const cell = (day: string) => page.locator(`.ant-picker-dropdown:visible td[title="${day}"]`).first();
  expect(await cell(today).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
  expect(await cell(localDay(new Date()).add(1, 'day').format('YYYY-MM-DD')).getAttribute('class')).toContain('ant-picker-cell-disabled');
  await context.close();
});

it("the clinic's booking page, signed out on a device on another day, offers the clinic's days and marks its today", async () => {
  const now = new Date();
  const zone = zoneOnAnotherDay(now);
  const today = dayOf(now);
  const tag = Date.now().toString(36);
  const password = 'Qx7-marble-orchid-92';
  // A clinic of its own booking online (the demo clinic's page is other journeys'), its doctor
  // receiving every day around the clock, no notice asked: the clinic's today is offered.
  const setup = await browser.newContext();
  const central = await setup.newPage();
  await login(central, 'localhost', 'owner');
  await waitForPath(central, '/dashboard');
  const plans = (await api<{ data: { id: number }[] }>(central, '/plans?sort=-price')).body.data;
  const made = await api(central, '/tenants', { method: 'POST', body: { name: `Dr. Zone ${tag}`, subdomain: `zone${tag}`, username: `doc${tag}`, password, plan_id: plans[0].id } });
  expect(made.status).toBe(201);
  const host = `zone${tag}.localhost`;
  const main = await setup.newPage();
  await login(main, host, `doc${tag}`, password);
  await waitForPath(main, '/dashboard');
  const doctor = (await api<{ data: { id: number } }>(main, '/auth/tenant/profile')).body.data;
  for (let weekday = 0; weekday < 7; weekday++) {
    expect((await api(main, '/working-hours', { method: 'POST', body: { doctor_id: doctor.id, weekday, start_time: '00:00', end_time: '23:45' } })).status).toBe(201);
  }
  const current = (await api<{ data: Record<string, unknown> }>(main, '/settings/online-booking')).body.data;
  expect((await api(main, '/settings/online-booking', { method: 'PUT', body: { ...current, enabled: true, doctor_ids: [doctor.id], min_notice_hours: 0 } })).status).toBe(200);
  await setup.close();

  const context = await browser.newContext({ timezoneId: zone });
  await context.addInitScript(() => window.localStorage.setItem('user-locale', 'en'));
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${baseUrl(host)}/book`);
  await page.getByTestId('book-doctor').getByText(`Dr. Zone ${tag}`).click();
  // The device's own day is another.
  const deviceDay = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  expect(deviceDay).not.toBe(today);
  // The day chosen at first is the clinic's today, and its calendar marks that day as today; the
  // clinic's yesterday cannot be chosen.
  expect(await page.getByTestId('book-day').inputValue()).toBe(today);
  await page.getByTestId('book-day').click();
  const cell = (day: string) => page.locator(`.ant-picker-dropdown:visible td[title="${day}"]`).first();
  expect(await page.locator('.ant-picker-dropdown:visible td.ant-picker-cell-today').getAttribute('title')).toBe(today);
  expect(await cell(today).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
  expect(await cell(localDay(now).subtract(1, 'day').format('YYYY-MM-DD')).getAttribute('class')).toContain('ant-picker-cell-disabled');
  await context.close();
});

// Stored moments read in the platform's time zone (Asia/Baghdad here), whatever the device's: a
// desk PC or a phone set to another zone showed other hours than the clinic's (issue 39, item 6).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

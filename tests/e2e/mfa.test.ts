// Two-step verification in the browser, in Kurdish, on a phone-sized screen: a clinic Doctor (not
// the Main Doctor: every staff member reaches their profile; the Main Doctor resets the factor
// first, so that a run again starts from an account without it) turns it on from the profile with
// the secret shown on the page, keeps the recovery codes, logs out, logs in, is asked the code,
// types it in Arabic-Indic digits and gets in; new recovery codes ask the password. A state that
// cannot be read is said on the card, with a Retry. Screenshots of the enrolment card and the code
// step go to /tmp/mfa-*.png.
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { PASSWORD, api, baseUrl, launch, login, screenshot, waitForPath } from './browser';
import { axeFailures } from './axe';

const CLINIC = 'demo.localhost';
let browser: Browser;
let context: BrowserContext;

async function kurdishPhone(): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

const arabicIndic = (code: string) => code.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('two-step verification (Kurdish)', () => {
  it('enrols from the profile, then the login asks the code, typed in Arabic-Indic digits', async () => {
    const main = await kurdishPhone();
    await login(main, CLINIC, 'doctor');
    await waitForPath(main, '/dashboard');
    const staff = (await api<{ data: { id: number }[] }>(main, '/tenantUsers?q=assistant')).body.data;
    expect(staff).toHaveLength(1);
    expect((await api(main, `/tenantUsers/${staff[0].id}/mfa-reset`, { method: 'POST' })).status).toBe(204);

    const page = await kurdishPhone();
    await login(page, CLINIC, 'assistant');
    await waitForPath(page, '/dashboard');

    // A state that cannot be read is said on the card, with a Retry that reads it again.
    const status = '**/api/v1/auth/tenant/profile/mfa';
    await context.route(status, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl(CLINIC)}/settings/profile`);
    const card = page.getByTestId('profile-mfa');
    await card.getByTestId('load-error').waitFor();
    expect(await axeFailures(page, '[data-testid="profile-mfa"]')).toEqual([]);
    await context.unroute(status);
    await card.getByTestId('load-retry').click();
    await card.getByText('پشتڕاستکردنەوەی دوو هەنگاوی').first().waitFor();
    await card.getByTestId('mfa-turn-on').click();
    const shown = await card.getByTestId('mfa-secret').innerText();
    // Grouped by four for typing, left to right.
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(await card.getByTestId('mfa-secret').getAttribute('dir')).toBe('ltr');
    await card.locator('canvas, svg').first().waitFor(); // the QR code
    const secret = Secret.fromBase32(shown.replace(/\s+/g, ''));
    await screenshot(card, 'mfa-enrol-card');

    await page.locator('#mfa-enrol-code').fill(TOTP.generate({ secret }));
    await card.getByTestId('mfa-confirm').click();
    const codes = card.getByTestId('mfa-recovery-codes');
    await codes.waitFor();
    expect(await codes.locator('li').count()).toBe(10);
    await card.getByTestId('mfa-codes-done').click();
    await card.getByTestId('mfa-state').getByText('چالاک').waitFor();

    await page.getByTestId('logout').click();
    await waitForPath(page, '/login');
    await login(page, CLINIC, 'assistant');
    const step = page.getByTestId('mfa-login-code');
    await step.waitFor();
    await page.getByText('ئەو کۆدە ٦ ژمارەییە بنووسە کە بەرنامەکەت پیشانی دەدات').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'mfa-code-step');

    // The code of the next time step (the one used to enrol cannot be used again), typed as a
    // Kurdish keyboard types digits.
    const code = TOTP.generate({ secret, timestamp: Date.now() + 30_000 });
    await page.locator('#mfa-code').fill(arabicIndic(code));
    expect(await page.locator('#mfa-code').inputValue()).toBe(code);
    await page.getByTestId('mfa-submit').click();
    await waitForPath(page, '/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // New recovery codes ask the password: a wrong one is said on its field, the right one gives ten.
    await page.goto(`${baseUrl(CLINIC)}/settings/profile`);
    const mfaCard = page.getByTestId('profile-mfa');
    await mfaCard.getByTestId('mfa-renew').click();
    await page.locator('#mfa-current-password').fill('not-the-password');
    await mfaCard.getByTestId('mfa-password-submit').click();
    await mfaCard.locator('.ant-form-item-explain-error').getByText(ckb.errors.wrongPassword).waitFor();
    await page.locator('#mfa-current-password').fill(PASSWORD);
    await mfaCard.getByTestId('mfa-password-submit').click();
    await mfaCard.getByTestId('mfa-recovery-codes').waitFor();
    expect(await mfaCard.getByTestId('mfa-recovery-codes').locator('li').count()).toBe(10);
  });
});

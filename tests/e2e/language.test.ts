// Language: the switcher on the public screens turns the page right to left and is remembered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, newContext } from './browser';

describe('language', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switching to Arabic turns the page right to left and survives a reload', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.locator('#username').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('language-switcher').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await page.getByText('تسجيل الدخول إلى الإدارة').waitFor();
    await page.reload();
    await page.getByText('تسجيل الدخول إلى الإدارة').waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    expect(await page.evaluate(() => window.localStorage.getItem('user-locale'))).toBe('ar');
    await context.close();
  });

  it('a first visit is in Central Kurdish, right to left', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('home-login').waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ckb']);
    expect(await page.getByText('چوونەژوورەوە').count()).toBeGreaterThan(0);
    await context.close();
  });
});

// The front desk on a phone (issue 17), in Kurdish at 390 px: the menu is a drawer opened from the
// header (no sider squeezing the page), choosing a page closes it, the patient search is there, and
// nothing makes the page wider than the screen (tables scroll inside themselves). At 1440 px the
// sider is back.
import { describe, expect, it } from 'vitest';
import { login, pagePerTest, screenshot, waitForPath } from './browser';

const CLINIC = 'demo.localhost';
const { page } = pagePerTest();

describe('small screens (Kurdish, 390 px)', () => {
  it('the secretary works from a phone: drawer menu, search, lists within the screen', async () => {
    const p = page();
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await p.setViewportSize({ width: 390, height: 844 });
    await login(p, CLINIC, 'secretary');
    await waitForPath(p, '/dashboard');
    await p.getByTestId('menu-open').waitFor();
    expect(await p.locator('.ant-layout-sider').count()).toBe(0);
    await p.getByTestId('header-search').waitFor();

    await p.getByTestId('menu-open').click();
    const drawer = p.locator('.ant-drawer-content');
    await drawer.getByRole('link', { name: 'نەخۆشەکان' }).click();
    await waitForPath(p, '/patients');
    await expect.poll(() => p.locator('.ant-drawer-open').count(), { timeout: 5_000 }).toBe(0);
    await p.locator('.ant-table-row').first().waitFor();
    // The page is as wide as the screen: the table scrolls inside its own box.
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const content = await p.locator('.ant-layout-content').boundingBox();
    expect(content!.width).toBeGreaterThan(350);
    await screenshot(p, 'patients-390');

    await p.setViewportSize({ width: 1440, height: 900 });
    await p.locator('.ant-layout-sider').waitFor();
    expect(await p.getByTestId('menu-open').count()).toBe(0);
  });
});

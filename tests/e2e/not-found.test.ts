// The not-found screen (SPEC: every screen sits under the layout at /; an unknown path shows 404,
// "you're lost" and a way home to the dashboard). A signed-in user meets it inside the app's layout,
// the menu and header kept (it showed the public frame without them); a signed-out one in the
// public frame. Both applications, Kurdish, at 390 and 1440 px, axe clean.
import { describe, expect, it } from 'vitest';
import { baseUrl, kurdishPages, login, screenshot, waitForPath } from './browser';
import { axeFailures } from './axe';
import { overflowsOf } from './every-screen';
import ckb from '../../locales/ckb.json';

const APPS = [
  { app: 'clinic', host: 'demo.localhost', user: 'secretary', unknown: '/no-such-screen' },
  // The central app has no /tenants: its doctors are under /doctors.
  { app: 'central', host: 'localhost', user: 'owner', unknown: '/tenants' },
] as const;

describe('an unknown address', () => {
  const kurdishPage = kurdishPages();

  for (const { app, host, user, unknown } of APPS) {
    for (const width of [390, 1440]) {
      it(`${app}, signed in, ${width} px: 404 inside the app's layout, the way home goes to the dashboard`, async () => {
        const page = await kurdishPage({ width });
        await login(page, host, user);
        await waitForPath(page, '/dashboard');
        await page.goto(`${baseUrl(host)}${unknown}`);
        const screen = page.getByTestId('error-404');
        await screen.waitFor();
        expect(await screen.innerText()).toContain(ckb.screens.lost);
        // The layout around it: the header's account menu, and the menu (the sider, or its drawer's button on a phone).
        await page.getByTestId('user-menu').waitFor();
        await page.getByTestId(width < 768 ? 'menu-open' : 'app-menu').waitFor();
        expect(await page.locator('.public-header').count()).toBe(0);
        expect(await page.title()).toContain(ckb.screens.notFound);
        expect(await overflowsOf(page)).toEqual([]);
        expect(await axeFailures(page)).toEqual([]);
        await screenshot(page, `not-found-${app}-${width}`, { fullPage: true, settleMs: 300 });
        await page.getByTestId('return-home').click();
        await waitForPath(page, '/dashboard');
      });
    }

    it(`${app}, signed out: 404 in the public frame`, async () => {
      const page = await kurdishPage({ width: 390 });
      await page.goto(`${baseUrl(host)}${unknown}`);
      await page.getByTestId('error-404').waitFor();
      await page.locator('.public-header').waitFor();
      expect(await page.getByTestId('app-menu').count()).toBe(0);
      expect(await page.getByTestId('user-menu').count()).toBe(0);
      expect(await axeFailures(page)).toEqual([]);
    });
  }
});

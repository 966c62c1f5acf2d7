// Central application journeys on localhost.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, login, pagePerTest, waitForPath } from './browser';

describe('central application', () => {
  const current = pagePerTest();
  let page: Page;
  beforeEach(() => {
    page = current.page();
  });

  it('the owner logs in and sees the doctors (nothing loaded from other origins, no page errors)', async () => {
    const foreign: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.protocol !== 'data:' && url.origin !== new URL(baseUrl()).origin) foreign.push(req.url());
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await login(page, 'localhost', 'owner');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('user-name').waitFor();
    const menu = page.getByTestId('app-menu');
    await menu.getByRole('link', { name: 'Doctors' }).click();
    await waitForPath(page, '/doctors');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.getByRole('columnheader', { name: 'Subdomain' }).count()).toBe(1);
    await page.getByRole('cell', { name: 'demo', exact: true }).first().waitFor();
    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('the service admin lands on settings/locations, and is sent back there from doctors, the dashboard and notifications, told why', async () => {
    await login(page, 'localhost', 'service');
    await waitForPath(page, '/settings/locations');
    await page.locator('.ant-table').waitFor();
    const menu = page.getByTestId('app-menu');
    expect(await menu.getByText('Doctors').count()).toBe(0);
    for (const [path, title] of [['/doctors', 'Doctors'], ['/dashboard', 'Dashboard'], ['/notifications', 'Notifications']]) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForPath(page, '/settings/locations');
      await page.getByText(`“${title}” is not open to you`).first().waitFor();
    }
  });

  it('the admin is sent from users and plans to the dashboard, told why', async () => {
    await login(page, 'localhost', 'admin');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('app-menu').getByText('Users').count()).toBe(0);
    await page.goto(`${baseUrl()}/users`);
    await waitForPath(page, '/dashboard');
    await page.getByText('“Users” is not open to you').first().waitFor();
    await page.getByTestId('dashboard').waitFor();
    await page.goto(`${baseUrl()}/plans`);
    await waitForPath(page, '/dashboard');
    await page.getByText('“Plans” is not open to you').first().waitFor();
  });

  it('a wrong password shows an error and stays on login', async () => {
    await login(page, 'localhost', 'owner', 'wrong-password-123');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect((await error.textContent())?.trim().length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logged out, a protected screen sends to login; unknown paths show 404', async () => {
    await page.goto(`${baseUrl()}/doctors`);
    await waitForPath(page, '/login');
    await page.goto(`${baseUrl()}/no/such/screen`);
    await page.getByTestId('error-404').waitFor();
    expect(await page.getByText("You're lost").count()).toBe(1);
  });
});

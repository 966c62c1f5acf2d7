// What outside use found (issue 39), in the browser: /401 ends the session and goes to login, as
// the specification says of a 401; a list that fails to load says so in the reader's language
// with Retry, never "No data".
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { baseUrl, login, pagePerTest, waitForPath } from './browser';

const { page } = pagePerTest();

describe('outside use', () => {
  it('/401 clears the session and shows the login', async () => {
    const p = page();
    await login(p, 'demo.localhost', 'secretary');
    await waitForPath(p, '/dashboard');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await p.goto(`${baseUrl('demo.localhost')}/401`);
    await waitForPath(p, '/login');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Nothing of the session is left: the app's pages send to login again.
    await p.goto(`${baseUrl('demo.localhost')}/patients`);
    await waitForPath(p, '/login');
  });

  it('a list whose load fails says so in Kurdish with Retry, and Retry loads it', async () => {
    const p = page();
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(p, 'localhost', 'owner');
    await waitForPath(p, '/dashboard');
    // The link fails for the doctors' list.
    await p.route('**/api/v1/tenants?**', (route) => route.abort('internetdisconnected'));
    await p.goto(`${baseUrl('localhost')}/doctors`);
    const failed = p.getByTestId('load-error');
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.innerText()).toContain(ckb.common.loadFailed);
    expect(await p.getByText(ckb.common.empty, { exact: true }).count()).toBe(0);
    expect(await p.getByText('Failed to fetch').count()).toBe(0);
    await p.unroute('**/api/v1/tenants?**');
    await p.getByTestId('load-retry').click();
    await p.locator('.ant-table-row').first().waitFor();
    expect(await failed.count()).toBe(0);
  });
});

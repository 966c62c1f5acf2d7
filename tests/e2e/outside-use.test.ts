// What outside use found (issue 39), in the browser: /401 ends the session and goes to login, as
// the specification says of a 401; a list that fails to load says so in the reader's language
// with Retry, never "No data".
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, login, pagePerTest, perRun, waitForPath } from './browser';

const { page } = pagePerTest();
// A run again books 52 weeks later: the first run's booking holds the doctor's time.
const run = perRun();

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
    // Retry until the app has seen the link come back (its heartbeat), as a person would.
    await expect
      .poll(
        async () => {
          if (await p.getByTestId('load-retry').isVisible()) await p.getByTestId('load-retry').click();
          return p.locator('.ant-table-row').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    expect(await failed.count()).toBe(0);
  });

  it.each([
    ['localhost', 'owner', '/invoices'],
    ['demo.localhost', 'doctor', '/accounting/expenses'],
  ])('login on %s keeps the address asked for (%s, %s)', async (host, user, to) => {
    const p = page();
    await p.goto(`${baseUrl(host)}/login?to=${encodeURIComponent(to)}`);
    await p.locator('#username').fill(user);
    await p.locator('#password').fill('demo-pass-1234');
    await p.getByTestId('login-submit').click();
    await waitForPath(p, to);
    // And stays there (it used to go on to the dashboard).
    await p.locator('.ant-table').first().waitFor();
    expect(new URL(p.url()).pathname).toBe(to);
  });

  it('a booking form opened in a tab of its own goes to the bookings after Save, not a blank page', async () => {
    const p = page();
    await login(p, 'demo.localhost', 'secretary');
    await waitForPath(p, '/dashboard');
    const tab = await p.context().newPage();
    const made = (await api<{ data: { id: number } }>(p, '/patients', { method: 'POST', body: { name: 'Own Tab Patient', gender: 1 } })).body.data.id;
    await tab.goto(`${baseUrl('demo.localhost')}/appointments/create?patient_id=${made}&date=${run.day('2031-07-07')}&time=07:15&duration=5`);
    await tab.getByTestId('appointment-form').waitFor();
    await tab.getByTestId('appointment-save').click();
    await tab.waitForURL((u) => u.pathname === '/appointments');
    expect(tab.url()).not.toBe('about:blank');
  });

  it("the patient's name in the list opens the chart; the nurse's chart opens on a tab she may read", async () => {
    const p = page();
    await login(p, 'demo.localhost', 'doctor');
    await waitForPath(p, '/dashboard');
    await p.goto(`${baseUrl('demo.localhost')}/patients`);
    const first = p.locator('[data-testid^="open-"]').first();
    const id = (await first.getAttribute('data-testid'))!.slice('open-'.length);
    await first.click();
    await waitForPath(p, `/patients/${id}/visitings`);

    const nurse = page();
    const context = await nurse.context().browser()!.newContext();
    const n = await context.newPage();
    await login(n, 'demo.localhost', 'nurse');
    await waitForPath(n, '/dashboard');
    await n.goto(`${baseUrl('demo.localhost')}/patients/${id}`);
    // The first tab she may read (the lab orders, then her own records), never the visits she may not.
    await n.waitForURL((u) => u.pathname.startsWith(`/patients/${id}/`) && !u.pathname.endsWith('/visitings'));
    expect(await n.getByTestId('tab-forbidden').count()).toBe(0);
    expect(await n.getByRole('tab', { name: 'Visits' }).count()).toBe(0);
    await context.close();
  });

  it('a booking at a time already gone asks first', async () => {
    const p = page();
    await login(p, 'demo.localhost', 'secretary');
    await waitForPath(p, '/dashboard');
    const made = (await api<{ data: { id: number } }>(p, '/patients', { method: 'POST', body: { name: 'Past Booking Patient', gender: 0 } })).body.data.id;
    await p.goto(`${baseUrl('demo.localhost')}/appointments/create?patient_id=${made}&date=${run.day('2020-01-06')}&time=07:05&duration=5`);
    await p.getByTestId('appointment-form').waitFor();
    await p.getByTestId('appointment-save').click();
    await p.locator('.ant-modal-confirm-title').getByText('This time has already passed').waitFor();
    expect(new URL(p.url()).pathname).toBe('/appointments/create');
    await p.getByRole('button', { name: 'Book anyway' }).click();
    await waitForPath(p, '/appointments');
  });

  it('the login stays on screen, its button busy, until the signed-in application is drawn', async () => {
    const p = page();
    // The signed-in application's code held back, as on a slow link: the move there is drawn as a
    // transition, so the login page waits on screen for it (before, it went at once for a spinner).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route(/\/assets\/AppGate-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await login(p, 'demo.localhost', 'secretary');
    await expect.poll(() => p.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await p.waitForTimeout(500);
    const submit = p.getByTestId('login-submit');
    expect(await submit.isVisible()).toBe(true);
    expect(await submit.getAttribute('class')).toContain('ant-btn-loading');
    release();
    await waitForPath(p, '/dashboard');
    await p.getByTestId('app-menu').waitFor();
    expect(await submit.count()).toBe(0);
  });
});

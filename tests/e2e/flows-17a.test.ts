// Issue 17's last flows, in Kurdish as a user meets them: the browser tab names the screen and the
// clinic (or the platform); a deep link survives login (and only to this site); a page the user
// may not open sends them home with a word naming it; a session the server ended lands on login saying so; the
// role select offers only the roles the caller may give; every signed-in person reaches their
// profile and changes their own password from the header's menu, which signs out their other
// devices. Screenshots at 1440 and 390 px with E2E_SCREENSHOTS=<folder>.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, baseUrl, kurdishPages, login, onRerun, PASSWORD, screenshot, waitForPath } from './browser';

const CLINIC = 'demo.localhost';
type Dict = { [key: string]: string | Dict };
const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Dict;
const ckb = locale('ckb');
const en = locale('en');
const say = (dict: Dict, key: string): string => {
  const found = key.split('.').reduce<string | Dict | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), dict);
  if (typeof found !== 'string') throw new Error(`no text for ${key}`);
  return found;
};

const newPage = kurdishPages();
const kurdishPage = (width = 1440) => newPage({ width, keepChosenLanguage: true });

async function signedIn(host: string, user: string, width = 1440, password = PASSWORD): Promise<Page> {
  const page = await kurdishPage(width);
  await login(page, host, user, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/**
 * The Owner's and the demo clinic's Main Doctor's signed-in pages, made once for the file (a login is
 * a page load, a hash and a dashboard) and handed to the tests that read with them or open an
 * address first. Made in the file's beforeAll: a context made inside a test closes when it ends.
 */
const kept = new Map<string, Page>();
function signedInOnce(host: string, user: string): Page {
  const page = kept.get(`${host}/${user}`);
  if (!page) throw new Error(`no kept page for ${user}@${host}`);
  return page;
}

let rerun = 0;
onRerun(() => rerun++);

const shoot = (page: Page, name: string) => screenshot(page, `i17a-${name}`, { fullPage: true, settleMs: 300 });

const clinicName = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { tenant?: { name?: string } }).tenant?.name ?? '');

beforeAll(async () => {
  for (const [host, user] of [['localhost', 'owner'], [CLINIC, 'doctor']] as const) kept.set(`${host}/${user}`, await signedIn(host, user));
});

describe('the tab says the screen', () => {
  it('public, generated and hand-written screens, in the language chosen', async () => {
    const platform = say(ckb, 'app.title');
    const page = await kurdishPage();
    await page.goto(`${baseUrl()}/login`);
    await expect.poll(() => page.title()).toBe(`${say(ckb, 'auth.signIn')} · ${platform}`);
    await page.goto(`${baseUrl()}/forgot-username`);
    await expect.poll(() => page.title()).toBe(`${say(ckb, 'auth.forgotTitle')} · ${platform}`);

    const owner = signedInOnce('localhost', 'owner');
    // A rerun finds the kept page where its first run left it (the users list): back to the start.
    if (rerun) await owner.goto(`${baseUrl()}/dashboard`);
    await waitForPath(owner, '/dashboard');
    await expect.poll(() => owner.title()).toBe(`${say(ckb, 'nav.dashboard')} · ${platform}`);
    await owner.getByTestId('app-menu').getByRole('link', { name: say(ckb, 'resources.users.title') }).click();
    await expect.poll(() => owner.title()).toBe(`${say(ckb, 'resources.users.title')} · ${platform}`);

    const doctor = await signedIn(CLINIC, 'doctor');
    const clinic = await clinicName(doctor);
    expect(clinic).not.toBe('');
    await expect.poll(() => doctor.title()).toBe(`${say(ckb, 'nav.dashboard')} · ${clinic}`);
    await doctor.getByTestId('app-menu').getByRole('link', { name: say(ckb, 'resources.patients.title') }).click();
    await waitForPath(doctor, '/patients');
    // "نەخۆشەکان · <the clinic's name>", never the old "Clinic".
    await expect.poll(() => doctor.title()).toBe(`نەخۆشەکان · ${clinic}`);
    await doctor.goto(`${baseUrl(CLINIC)}/patients/create`);
    await expect.poll(() => doctor.title()).toBe(`${say(ckb, 'resources.patients.title')} — ${say(ckb, 'buttons.create')} · ${clinic}`);
    await doctor.goto(`${baseUrl(CLINIC)}/accounting/result`);
    await expect.poll(() => doctor.title()).toBe(`${say(ckb, 'nav.result')} · ${clinic}`);

    // Another language re-titles the open tab at once.
    await doctor.getByTestId('language-switcher').click();
    await doctor.locator('.ant-select-item-option').filter({ hasText: 'English' }).click();
    await expect.poll(() => doctor.title()).toBe(`${say(en, 'nav.result')} · ${clinic}`);
  });
});

describe('a deep link survives login', () => {
  it('opening a patient logged out comes back to that patient after logging in', async () => {
    const doctor = signedInOnce(CLINIC, 'doctor');
    const patients = await api<{ data: { id: number }[] }>(doctor, '/patients?per_page=1');
    const id = patients.body.data[0].id;

    const page = await kurdishPage(390);
    await page.goto(`${baseUrl(CLINIC)}/patients/${id}/appointments?tab=1`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('to')).toBe(`/patients/${id}/appointments?tab=1`);
    await page.locator('#username').fill('doctor');
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === `/patients/${id}/appointments` && url.search === '?tab=1');
  });

  for (const evil of ['//evil.example/patients', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    it(`a "to" of ${evil} is ignored: home, on this site`, async () => {
      const page = await kurdishPage();
      await page.goto(`${baseUrl(CLINIC)}/login?to=${encodeURIComponent(evil)}`);
      await page.locator('#username').fill('secretary');
      await page.locator('#password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(new URL(page.url()).host).toBe(new URL(baseUrl(CLINIC)).host);
    });
  }
});

describe('no access, said', () => {
  it('the nurse opening accounting is sent to the dashboard with a word naming the page', async () => {
    for (const width of [1440, 390]) {
      const nurse = await signedIn(CLINIC, 'nurse', width);
      await nurse.goto(`${baseUrl(CLINIC)}/accounting/expenses`);
      await waitForPath(nurse, '/dashboard');
      await nurse.getByText(say(ckb, 'common.notOpenToYou').replace('{{page}}', say(ckb, 'resources.expenses.title'))).first().waitFor();
      await nurse.getByTestId('dashboard').waitFor();
      await shoot(nurse, `refused-${width}`);
    }
  });

  it("the Admin opening the platform's staff is sent back to the dashboard", async () => {
    const admin = await signedIn('localhost', 'admin');
    await admin.goto(`${baseUrl()}/users`);
    await waitForPath(admin, '/dashboard');
  });

  it('a session ended by the server lands on login saying so, and comes back after', async () => {
    const page = await signedIn(CLINIC, 'secretary', 390);
    await page.goto(`${baseUrl(CLINIC)}/patients`);
    await page.getByTestId('header-search').waitFor();
    // Signed out elsewhere: the token this tab holds stops working; the next morning's return.
    expect((await api(page, '/auth/tenant/logout', { method: 'POST' })).status).toBeLessThan(300);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('session-ended').getByText(say(ckb, 'auth.sessionEnded')).waitFor();
    await shoot(page, 'session-ended-390');
    // Back to the same list, its page, sort and filters with it (the list keeps them in its address).
    expect(new URL(page.url()).searchParams.get('to')?.split('?')[0]).toBe('/patients');
    await page.locator('#username').fill('secretary');
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await waitForPath(page, '/patients');
    // Logged in again: the notice is gone for good.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('#username').waitFor();
    expect(await page.getByTestId('session-ended').count()).toBe(0);
  });
});

describe('roles offered only if assignable', () => {
  // The roles offered, once the list has settled (the assignable roles arrive after the form).
  const expectOffered = async (page: Page, path: string, roles: string[]) => {
    await page.goto(path);
    await page.locator('#field-role').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts(), { timeout: 15_000 }).toEqual(roles);
  };
  const central = (n: number) => say(ckb, `enums.centralRole.${n}`);
  const clinic = (n: number) => say(ckb, `enums.tenantRole.${n}`);

  it('the Owner and a Developer are offered Admin, Service Admin and Developer; the Main Doctor Doctor, Secretary and Nurse', async () => {
    for (const who of ['owner', 'developer']) {
      const page = who === 'owner' ? signedInOnce('localhost', who) : await signedIn('localhost', who);
      await expectOffered(page, `${baseUrl()}/users/create`, [central(1), central(2), central(3)]);
      if (who === 'developer') await shoot(page, 'roles-developer-1440');
    }
    const doctor = signedInOnce(CLINIC, 'doctor');
    await expectOffered(doctor, `${baseUrl(CLINIC)}/users/create`, [clinic(1), clinic(2), clinic(3)]);
  });
});

describe('my own profile and password, for everyone', () => {
  it('a nurse renames herself and changes her password from the header; her other devices are signed out', async () => {
    // A clinic of her own: the demo accounts keep the password the other tests use (and the demo
    // clinic's plan has no room for another member of staff).
    const tag = Date.now().toString(36);
    const host = `flows${tag}.localhost`;
    const start = 'Qx7-marble-orchid-92';
    const owner = signedInOnce('localhost', 'owner');
    const plans = (await api<{ data: { id: number }[] }>(owner, '/plans?sort=-price')).body.data;
    const made = await api(owner, '/tenants', { method: 'POST', body: { name: `Dr. Flows ${tag}`, subdomain: `flows${tag}`, username: `doc${tag}`, password: start, plan_id: plans[0].id } });
    expect(made.status).toBe(201);
    const mainDoctor = await signedIn(host, `doc${tag}`, 1440, start);
    const staff = await api(mainDoctor, '/tenantUsers', { method: 'POST', body: { name: 'Shno Karim', username: `nurse${tag}`, password: start, role: 3 } });
    expect(staff.status).toBe(201);

    const other = await signedIn(host, `nurse${tag}`, 1440, start);
    const nurse = await signedIn(host, `nurse${tag}`, 390, start);
    const before = 'Shno Karim';
    const newPassword = 'Orchid-lantern-5831';
    await nurse.getByTestId('user-menu').click();
    await shoot(nurse, 'user-menu-390');
    await nurse.getByTestId('user-menu-profile').click();
    await waitForPath(nurse, '/settings/profile');
    await nurse.locator('#profile-name').fill(`${before} ئەحمەد`);
    await nurse.getByTestId('profile-save').click();
    await nurse.getByText(say(ckb, 'profile.saved')).first().waitFor();
    // At 390 px the notice lies over the header's menu until it goes, as a person would see.
    await nurse.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 30_000 });

    await nurse.getByTestId('user-menu').click();
    await nurse.getByTestId('user-menu-password').click();
    await nurse.waitForURL((url) => url.hash === '#security');
    await nurse.locator('#current_password').fill(start);
    await nurse.locator('#new_password').fill(newPassword);
    await nurse.locator('#password_confirmation').fill(newPassword);
    await shoot(nurse, 'password-390');
    await nurse.getByTestId('change-password').click();
    await nurse.getByText(say(ckb, 'messages.passwordChanged')).first().waitFor();

    // This tab goes on; the other device is signed out.
    expect((await api(nurse, '/auth/tenant/user')).status).toBe(200);
    expect((await api(other, '/auth/tenant/user')).status).toBe(401);
    const fresh = await kurdishPage();
    await login(fresh, host, `nurse${tag}`, start);
    await fresh.getByTestId('login-error').waitFor();
    await login(fresh, host, `nurse${tag}`, newPassword);
    await waitForPath(fresh, '/dashboard');
    await fresh.getByTestId('user-menu').getByText(`${before} ئەحمەد`).waitFor();
    // A new clinic, two accounts and five logins (each a deliberate password hash): more than a
    // minute when the API tests run beside it.
  }, 180_000);

  it("a Service Admin's menu leads to the profile too", async () => {
    const page = await signedIn('localhost', 'service');
    await page.getByTestId('user-menu').click();
    await shoot(page, 'user-menu-1440');
    await page.getByTestId('user-menu-profile').click();
    await waitForPath(page, '/profile');
    await page.getByTestId('profile-security').waitFor();
    await shoot(page, 'profile-service-1440');
  });
});

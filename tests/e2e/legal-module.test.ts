// The legal-practice module end to end, in Kurdish: the Owner switches it on for one clinic on the
// doctor's form; that clinic's Main Doctor finds it in the menu, adds a court, a client and a
// lawsuit, then a session from the lawsuit's Sessions tab, and lands back on the tab with it
// listed; a clinic without the module has no menu entry and its addresses say not-found. The
// platform's public laws open without login. Screenshots at 1440 and 390 px go to /tmp/legal-*.png.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, baseUrl, kurdishPages, login, onRerun, screenshot, stamp, waitForPath } from './browser';
import { note } from './diagnostics';

// A retried test makes records of its own (the first run's lawsuit would be counted beside its
// own); the clinics are the first test's, named by its own run, read by the later tests.
let tag = stamp();
onRerun(() => (tag = stamp()));
let LAW = '';
let PLAIN = '';
const BOSS_PASSWORD = 'copper-harbor-6620';
const LEGAL = 'کاروباری یاسایی';
const SAVE = 'پاشەکەوتکردن';
const CREATE = 'دروستکردن';
const ids: Record<string, number> = {};

const newPage = kurdishPages();
const kurdishPage = (width: number) => newPage({ width });

async function signedIn(host: string, user: string, width: number, password?: string): Promise<Page> {
  const page = await kurdishPage(width);
  await login(page, host, user, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

const shoot = (page: Page, name: string) => screenshot(page, `legal-${name}`, { fullPage: true, settleMs: 300 });

/** Picks the option with this text in a relation select. */
async function choose(page: Page, field: string, text: string): Promise<void> {
  await page.locator(`#field-${field}`).click();
  await page.locator(`#field-${field}`).fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).click();
}

/** Opens a list's create form once the list has rendered (a click during the previous page's exit is lost). */
async function openCreate(page: Page, list: string): Promise<void> {
  await page.locator('.ant-table').first().waitFor();
  await clickUntil(page, page.getByRole('button', { name: CREATE }), `${list}/create`);
}

/** Clicks until the app is at `path`: a click landing while a page change is still settling can be lost. */
async function clickUntil(page: Page, target: Locator, path: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await target.click();
    note(`clicked for ${path} (attempt ${attempt})`);
    const arrived = await page.waitForURL((url) => url.pathname === path, { timeout: 5_000 }).then(() => true, () => false);
    if (arrived) return;
    if (attempt === 3) {
      await shoot(page, `lost-click-${path.replace(/\W+/g, '-')}`);
      throw new Error(`clicking did not lead to ${path}; at ${page.url()}`);
    }
  }
}

async function saveAndLeave(page: Page, from: string): Promise<void> {
  await page.getByRole('button', { name: SAVE }).click();
  await page.waitForURL((url) => url.pathname !== from);
}

describe('the legal-practice module', () => {
  it("the Owner switches it on for one clinic on the doctor's form", async () => {
    const owner = await signedIn('localhost', 'owner', 1440);
    const plans = await api<{ data: { id: number }[] }>(owner, '/plans');
    const plan = plans.body.data[plans.body.data.length - 1].id;
    [LAW, PLAIN] = [`law${tag}`, `plain${tag}`];
    for (const subdomain of [LAW, PLAIN]) {
      const made = await api<{ data: { id: number } }>(owner, '/tenants', { method: 'POST', body: { name: `Dr. ${subdomain}`, subdomain, username: 'boss', password: BOSS_PASSWORD, plan_id: plan } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids[subdomain] = made.body.data.id;
    }
    await owner.goto(`${baseUrl('localhost')}/doctors/edit/${ids[LAW]}`);
    const toggle = owner.locator('#field-module_legal');
    await owner.getByText('بەشی کاروباری یاسایی').first().waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await saveAndLeave(owner, `/doctors/edit/${ids[LAW]}`);
    await expect.poll(async () => (await api<{ data: { module_legal: boolean } }>(owner, `/tenants/${ids[LAW]}`)).body.data.module_legal).toBe(true);
    expect((await api<{ data: { module_legal: boolean } }>(owner, `/tenants/${ids[PLAIN]}`)).body.data.module_legal).toBe(false);
  });

  it('its Main Doctor adds a court, a client, a lawsuit, and a session from the lawsuit\'s tab', async () => {
    const host = `${LAW}.localhost`;
    const page = await signedIn(host, 'boss', 1440, BOSS_PASSWORD);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const menu = page.getByTestId('app-menu');
    await menu.getByText(LEGAL).click();
    await menu.getByText('دادگاکان').click();
    await waitForPath(page, '/legal/courts');

    const court = `دادگای تێهەڵچوونەوەی سلێمانی ${tag}`;
    await openCreate(page, '/legal/courts');
    await page.locator('#field-name').fill(court);
    await saveAndLeave(page, '/legal/courts/create');

    const client = `ئاراس کەریم ${tag}`;
    await menu.getByText('موەکیلەکان').click();
    await waitForPath(page, '/legal/clients');
    await openCreate(page, '/legal/clients');
    await page.locator('#field-name').fill(client);
    await saveAndLeave(page, '/legal/clients/create');

    const title = `ناکۆکی زەوی ${tag}`;
    await menu.getByText('داواکان').click();
    await waitForPath(page, '/legal/lawsuits');
    await openCreate(page, '/legal/lawsuits');
    await page.locator('#field-title').fill(title);
    await choose(page, 'client_id', client);
    await choose(page, 'court_id', court);
    await page.locator('#field-brikarnama_number').fill('B-2291');
    await saveAndLeave(page, '/legal/lawsuits/create');
    const found = await api<{ data: { id: number; client_id: number; court_id: number; status: string }[] }>(page, `/lawsuits?q=${encodeURIComponent(tag)}`);
    expect(found.body.data).toHaveLength(1);
    const lawsuit = found.body.data[0];
    expect(lawsuit.status).toBe('open');

    // The lawsuit's page: its Sessions tab, New prefilled with the lawsuit, saved back to the tab.
    await page.goto(`${baseUrl(host)}/legal/lawsuits/show/${lawsuit.id}`);
    // The page opens on its first tab, the sessions; the tabs are routes of their own.
    await page.locator('.ant-tabs-tab-active', { hasText: 'دانیشتنەکان' }).waitFor();
    await clickUntil(page, page.getByRole('tab', { name: 'قیستەکان' }), `/legal/lawsuits/${lawsuit.id}/installments`);
    const tab = `/legal/lawsuits/${lawsuit.id}/sessions`;
    await clickUntil(page, page.getByRole('tab', { name: 'دانیشتنەکان' }), tab);
    await page.getByTestId('child-tabs').locator('.ant-table').waitFor();
    await page.getByTestId('child-tabs').getByRole('button', { name: CREATE }).click();
    await page
      .waitForURL((u) => u.pathname === '/lawsuitSessions/create' && u.searchParams.get('lawsuit_id') === String(lawsuit.id))
      .catch(async (err: unknown) => {
        await shoot(page, 'session-create-failed');
        throw new Error(`the session's form did not open (at ${page.url()}): ${String(err)}`);
      });
    await expect.poll(() => page.locator('.ant-select', { has: page.locator('#field-lawsuit_id') }).innerText()).toContain(title);
    await page.locator('#field-session_date').click();
    await page.locator('#field-session_date').fill('2026-12-01');
    await page.locator('#field-session_date').press('Enter');
    const subject = `گوێگرتن لە شایەتەکان ${tag}`;
    await page.locator('#field-subject').fill(subject);
    await page.getByRole('button', { name: SAVE }).click();
    await waitForPath(page, tab);
    await page.locator('.ant-table-row', { hasText: subject }).waitFor();
    await shoot(page, 'lawsuit-sessions-1440');
    await page.goto(`${baseUrl(host)}/legal/lawsuits`);
    await page.locator('.ant-table-row', { hasText: title }).waitFor();
    await shoot(page, 'lawsuits-1440');

    // The same at a phone's width: the lawsuit's sessions tab.
    const phone = await signedIn(host, 'boss', 390, BOSS_PASSWORD);
    await phone.goto(`${baseUrl(host)}${tab}`);
    await phone.locator('.ant-table-row', { hasText: subject }).waitFor();
    await shoot(phone, 'lawsuit-sessions-390');
    await phone.getByTestId('menu-open').click();
    await phone.getByTestId('menu-drawer').getByText(LEGAL).click();
    await phone.getByTestId('menu-drawer').getByText('داواکان').waitFor();
    await shoot(phone, 'menu-390');
    // Three forms, four lists, two tabs and two widths: more than the default minute on a busy machine.
  }, 180_000);

  it('a clinic without it has no menu entry, and its addresses say not-found', async () => {
    const host = `${PLAIN}.localhost`;
    const page = await signedIn(host, 'boss', 1440, BOSS_PASSWORD);
    await page.getByTestId('app-menu').locator('li').first().waitFor();
    expect(await page.getByTestId('app-menu').getByText(LEGAL).count()).toBe(0);
    for (const path of ['/legal/lawsuits', '/legal/courts/create', '/legal/lawsuits/show/1', '/legal/lawsuits/1/sessions']) {
      await page.goto(`${baseUrl(host)}${path}`);
      await page.getByText('ڕێگات ون کردووە').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect((await api(page, '/lawsuits')).status).toBe(404);
    await shoot(page, 'not-found-1440');
  });

  it('the public laws open without login, with their articles', async () => {
    const owner = await signedIn('localhost', 'owner', 1440);
    const law = await api<{ data: { id: number } }>(owner, '/laws', {
      method: 'POST',
      body: { number: '71', issued_on: '2021-05-01', title_ckb: `یاسای پارێزەرایەتی ${tag}`, title_ar: `قانون المحاماة ${tag}`, title_en: `Advocacy law ${tag}` },
    });
    expect(law.status).toBe(201);
    const article = await api(owner, '/lawArticles', { method: 'POST', body: { law_id: law.body.data.id, number: 1, body_ckb: 'پارێزەر سەربەخۆیە لە کارەکەیدا.', body_ar: 'المحامي مستقل في عمله.', body_en: 'An advocate is independent in their work.' } });
    expect(article.status).toBe(201);
    for (const width of [1440, 390]) {
      const page = await kurdishPage(width);
      await page.goto(`${baseUrl('localhost')}/`);
      await page.getByTestId('laws-link').click();
      await waitForPath(page, '/laws');
      await page.getByText(`یاسای پارێزەرایەتی ${tag}`).click();
      await waitForPath(page, `/laws/${law.body.data.id}`);
      await page.getByTestId('law-article').getByText('پارێزەر سەربەخۆیە لە کارەکەیدا.').waitFor();
      await page.getByText('ماددەی 1').waitFor();
      await shoot(page, `public-law-${width}`);
    }
  });
});

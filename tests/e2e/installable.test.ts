// The installable app (issue 36): each application's manifest, the service worker's headers, the
// shell starting with the server cut, and a new version offered without swapping the page under
// what is being typed. The server is cut through a front of its own (cut-proxy.ts): Playwright's
// setOffline does not stop a service worker's traffic.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appInstalled, launch, PASSWORD, serverPort } from './browser';
import ckb from '../../locales/ckb.json';
import { type CutProxy, cutProxy } from './cut-proxy';

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** A GET to the test server as `host` would send it (Node's fetch cannot set Host). */
function get(host: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: serverPort(), path, headers: { Host: `${host}:${serverPort()}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

async function manifest(host: string, lang?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Manifest }> {
  const res = await get(host, `/api/v1/app/manifest${lang ? `?lang=${lang}` : ''}`);
  expect(res.status).toBe(200);
  return { headers: res.headers, body: JSON.parse(res.body.toString('utf8')) as Manifest };
}

describe('the manifest of each application', () => {
  it.each([
    // The demo clinic is named for its doctor.
    { host: 'demo.localhost', lang: 'ckb', dir: 'rtl', name: /^Dr\. Hawre Salih$/ },
    { host: 'demo.localhost', lang: 'en', dir: 'ltr', name: /^Dr\. Hawre Salih$/ },
    { host: 'localhost', lang: 'ar', dir: 'rtl', name: /منصة العيادات — الإدارة المركزية/ },
    { host: 'localhost', lang: 'en', dir: 'ltr', name: /Clinic Platform — Central administration/ },
  ])('$host in $lang: named, $dir, installable', async ({ host, lang, dir, name }) => {
    const { headers, body } = await manifest(host, lang);
    expect(headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(body).toMatchObject({ lang, dir, start_url: '/dashboard', display: 'standalone', theme_color: '#0f766e' });
    expect(body.name).toMatch(name);
    expect(body.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of body.icons) {
      const res = await get(host, icon.src);
      expect([res.status, res.headers['content-type'], res.body.subarray(1, 4).toString()]).toEqual([200, 'image/png', 'PNG']);
    }
  });

  it("a clinic's app is named for the clinic, the central one is not", async () => {
    const clinic = (await manifest('demo.localhost', 'en')).body.name;
    const central = (await manifest('localhost', 'en')).body.name;
    expect(clinic).not.toBe(central);
    expect((await manifest('other.localhost', 'en')).body.name).not.toBe(clinic);
  });

  it('the service worker is always revalidated, the manifest never kept', async () => {
    const sw = await get('demo.localhost', '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    // Our worker (src/client/sw.ts) with Workbox's list injected, the first set marked in it.
    expect(sw.body.toString('utf8')).toContain('CACHE_ALL');
    expect(sw.body.toString('utf8')).toMatch(/"first":true,"revision":null,"url":"assets\/PrivateApp-[\w-]+\.js"/);
    expect((await manifest('demo.localhost')).headers['cache-control']).toBe('no-store');
  });
});

describe('the installed shell through a cut', () => {
  let browser: Browser;
  let proxy: CutProxy;
  let context: BrowserContext;
  let page: Page;
  const url = () => `http://demo.localhost:${proxy.port}`;

  beforeAll(async () => {
    browser = await launch();
    proxy = await cutProxy(serverPort());
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await proxy?.close();
  });

  it('installs: the worker takes the page and precaches the shell', async () => {
    await page.goto(`${url()}/login`);
    await page.locator('#username').waitFor();
    // The page's manifest follows the active language.
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/api/v1/app/manifest?lang=ckb');
    // Installed once every file of the shell is cached; the first worker takes the page at once.
    await appInstalled(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((u) => u.endsWith('.woff2'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
  });

  it('a first visit: the worker takes the login page before it has cached the app, and the signed-in code comes out of its cache', async () => {
    // A browser of its own: nothing installed yet.
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    try {
      await fresh.addInitScript(() => {
        // What the precache holds when the worker takes the page.
        navigator.serviceWorker?.addEventListener('controllerchange', () => {
          const w = window as unknown as { cachedAtControl: Promise<number> };
          w.cachedAtControl = caches.keys().then(async (names) => {
            let n = 0;
            for (const name of names) n += (await (await caches.open(name)).keys()).length;
            return n;
          });
        });
      });
      const first = await fresh.newPage();
      await first.goto(`${url()}/login`);
      await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // The secretary: her dashboard has no chart (the charts' library loads when one is shown).
      await first.locator('#username').fill('secretary');
      await first.locator('#password').fill(PASSWORD);
      // While the person types, the login's warmup loads the code the signed-in app draws first:
      // after the click, the dashboard (its cards too) and the patients list reached through the
      // menu load no script of their own (each was a round trip, one import level after another).
      await first.waitForFunction(() => performance.getEntriesByName('signed-in-code-warmed').length > 0, undefined, { timeout: 30_000 }); // warmup.ts WARMED_MARK
      const scripts = () => first.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
      const beforeClick = new Set(await scripts());
      await first.getByTestId('login-submit').click();
      await first.getByTestId('app-menu').waitFor();
      await first.getByTestId('dashboard').waitFor();
      await first.getByTestId('app-menu').getByRole('link', { name: ckb.resources.patients.title, exact: true }).first().click();
      await first.locator('.ant-table-row').first().waitFor();
      expect((await scripts()).filter((p) => !beforeClick.has(p))).toEqual([]);
      // The shell's code (the warmup's first import, then the app's) was answered by the worker,
      // out of CacheStorage, where V8 keeps its code cache for the next visit.
      const shell = await first.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/PrivateApp-[\w-]+\.js$/.test(e.name))
          .map((e) => ({ path: new URL(e.name).pathname, throughWorker: (e as PerformanceResourceTiming).workerStart > 0 })),
      );
      expect(shell).toHaveLength(1);
      expect(shell[0].throughWorker).toBe(true);
      await appInstalled(first);
      const { atControl, all, hasShell } = await first.evaluate(async (path) => {
        const names = await caches.keys();
        const urls: string[] = [];
        for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return { atControl: await (window as unknown as { cachedAtControl: Promise<number> }).cachedAtControl, all: urls.length, hasShell: urls.includes(path) };
      }, shell[0].path);
      expect(hasShell).toBe(true);
      // It did not wait for the whole app (~280 files) before taking the page.
      expect(atControl).toBeLessThan(all / 2);
    } finally {
      await fresh.close();
    }
  });

  it('a first visit: while the page keeps asking, the worker holds back the rest of the app, and caches it once the page is quiet', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    try {
      // A page that asks for something every 300 ms from its start until told to stop (a person
      // going from screen to screen on a slow link).
      await fresh.addInitScript(() => {
        const w = window as unknown as { asking: number };
        w.asking = window.setInterval(() => void fetch('/api/v1/tenant-check').catch(() => undefined), 300);
      });
      const byWorker: { path: string; at: number }[] = [];
      const byPage = new Set<string>();
      fresh.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.serviceWorker()) byWorker.push({ path, at: Date.now() });
        else byPage.add(path);
      });
      const first = await fresh.newPage();
      await first.goto(`${url()}/login`);
      await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // The worker's list, each file with its set (scripts/sw-first.ts marks the first).
      const list = await first.evaluate(async () => {
        const text = await (await fetch('/sw.js')).text();
        return (text.match(/\{[^{}]*"url":"[^"]*"[^{}]*\}/g) ?? []).map((entry) => JSON.parse(entry) as { url: string; first?: boolean });
      });
      const firstSet = list.filter((e) => e.first).map((e) => `/${e.url}`);
      const rest = new Set(list.filter((e) => !e.first).map((e) => `/${e.url}`));
      expect(firstSet.length).toBeGreaterThan(50);
      expect(rest.size).toBeGreaterThan(50);
      // The first set is fetched at once, asking or not.
      await expect.poll(() => firstSet.every((p) => byWorker.some((r) => r.path === p)), { timeout: 30_000 }).toBe(true);
      // Then, for 4 s more of asking, the rest waits: each of its three lanes lets one file
      // through after 3 s without a quiet moment (sw.ts MAX_YIELD_MS). Before, the rest followed
      // the first set at once (some 130 files here in a second or two).
      const end = Date.now() + 4_000;
      await first.waitForTimeout(4_000);
      const restFetched = byWorker.filter((r) => r.at < end && rest.has(r.path) && !byPage.has(r.path));
      expect(restFetched.length).toBeLessThanOrEqual(6);
      // Quiet: the whole app is cached.
      await first.evaluate(() => clearInterval((window as unknown as { asking: number }).asking));
      await appInstalled(first);
    } finally {
      await fresh.close();
    }
  });

  it.each(['down', 'hanging'] as const)('with the server %s, the app still opens from its start address, in Kurdish', async (state) => {
    proxy.set(state);
    try {
      await page.goto(`${url()}/login`);
      await page.locator('#username').waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ckb', 'rtl']);
      await expect.poll(() => page.getByTestId('login-submit').innerText()).toMatch(/[\u0600-\u06FF]/);
      // Nothing of the API was answered from a cache meanwhile.
      const check = await page.evaluate(async () => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 1500);
        return fetch('/api/v1/tenant-check', { signal: controller.signal }).then((r) => `answered ${r.status}`, () => 'no answer');
      });
      expect(check).toBe('no answer');
    } finally {
      proxy.set('up');
    }
  });

  it('a new version is offered, and taken only when the user reloads: what is typed stays until then', async () => {
    await page.goto(`${url()}/login`);
    await page.locator('#username').fill('typed-before-the-update');
    // A new deployment: the worker's script changes.
    const next = `// next version ${Date.now()}`;
    proxy.rewrite((path, body) => (path.startsWith('/sw.js') ? `${body}\n${next}` : null));
    try {
      const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByTestId('update-ready').waitFor();
      expect(await page.getByTestId('update-ready').innerText()).toContain('وەشانێکی نوێ ئامادەیە');
      // Not swapped meanwhile: the field keeps what was typed.
      await page.waitForTimeout(500);
      expect(await page.locator('#username').inputValue()).toBe('typed-before-the-update');
      await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
      await page.locator('#username').waitFor();
      expect(await page.locator('#username').inputValue()).toBe('');
      // The new version now runs the page, and offers nothing more.
      await page.waitForTimeout(1000);
      expect(await page.getByTestId('update-ready').count()).toBe(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      expect(before).not.toBeNull();
    } finally {
      proxy.rewrite(null);
    }
  });
});

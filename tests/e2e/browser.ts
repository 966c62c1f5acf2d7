// Shared Chromium set-up for the browser journeys (playwright-core with Debian's Chromium).
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Request, type Response, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, onTestFinished } from 'vitest';
import ckb from '../../locales/ckb.json';
import { note, watchContext } from './diagnostics';

export const PASSWORD = 'demo-pass-1234';

/** This worker's server (tests/e2e/global-setup.ts starts one per worker). */
function slot(): number {
  return (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % inject('e2ePorts').length;
}

/** This worker's server's port. */
export function serverPort(): number {
  return inject('e2ePorts')[slot()];
}

export function baseUrl(host = 'localhost'): string {
  return `http://${host}:${serverPort()}`;
}

/** This worker's server's log (recovery codes are written there when no SMTP is set). */
export function serverLog(): string {
  return inject('e2eLogs')[slot()];
}

/**
 * Debian's Chromium as the tests run it: its headless shell (package chromium-headless-shell, the
 * same engine without the desktop browser around it, which Playwright itself runs headless) when
 * installed. Measured on one browser file: the browser process's CPU 9.0 → 3.9 s and the whole
 * file's CPU 77 → 64 s, on the CI's two cores where every browser test waits for CPU. The
 * full browser otherwise, or CHROMIUM_PATH. The benches measure the full browser a person runs.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/** What a file may add to its browser: another Chromium (the full one has a camera API, the headless shell none) and flags. */
export interface LaunchExtras {
  executablePath?: string;
  args?: string[];
}

const fileContexts = new WeakMap<Browser, Browser['newContext']>();

/**
 * A context that lives until the file closes it, even when made inside a test: for a file whose
 * tests go on one after another on the same desk, and whose run again makes a new desk.
 */
export function fileContext(browser: Browser, options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const make = fileContexts.get(browser);
  if (!make) throw new Error('fileContext: a browser from launch()');
  return make(options);
}

/**
 * Chromium; every context it opens is watched, so a failed test says what its pages were doing,
 * and closed when the test that made it ends.
 * A context runs no service worker unless it asks (`serviceWorkers: 'allow'`, the installed app's
 * tests): the worker's first install fetches the whole precache (~4.5 MB) in every fresh context,
 * which on the CI's two cores cost the other tests their time.
 */
export async function launch(options: LaunchExtras = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: options.executablePath ?? CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...(options.args ?? [])],
  });
  const newContext = browser.newContext.bind(browser);
  const watched: Browser['newContext'] = async (options) => watchContext(await newContext({ serviceWorkers: 'block', ...options }));
  fileContexts.set(browser, watched);
  browser.newContext = async (options) => {
    const context = await watched(options);
    // A context made in a test (or its beforeEach) closes when the test ends: a page left open
    // runs the app on (its live stream, timers, refetches) beside the next tests, on the same
    // two cores. One made in a beforeAll is its file's to close (onTestFinished refuses there).
    try {
      onTestFinished(() => context.close().catch(() => undefined));
    } catch {
      // not inside a test
    }
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    return context.newPage();
  };
  return browser;
}

/** A fresh context whose pages start in English unless a language was chosen. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    // about:blank has no storage of its own: nothing to set there.
    if (window.location.protocol === 'about:') return;
    if (!window.localStorage.getItem('user-locale')) window.localStorage.setItem('user-locale', 'en');
  });
  context.setDefaultTimeout(15_000);
  return context;
}

export async function login(page: Page, host: string, username: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl(host)}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Clicks a submit button until its request goes, and returns the answer. On the CI's loaded two
 * cores a click can land in a layout shift (a warning drawn above the button) and be lost, as a
 * person's would, who clicks again: so does this, at most three times, noting each retry. The
 * form's idempotency key makes a second submission of the same form one record.
 */
export async function submitUntilSent(page: Page, button: Locator, method: string, path: string, timeout = 30_000): Promise<Response> {
  const sent = (r: Request) => r.method() === method && new URL(r.url()).pathname === path;
  for (let attempt = 1; ; attempt++) {
    const request = page.waitForRequest(sent, { timeout: attempt === 3 ? timeout : 5_000 }).catch(() => null);
    await button.click();
    const went = await request;
    if (went) {
      const answer = await went.response();
      if (!answer) throw new Error(`${method} ${path} got no answer`);
      return answer;
    }
    note(`the click on ${String(button)} sent no ${method} ${path} (attempt ${attempt})`);
    if (attempt === 3) throw new Error(`three clicks on ${String(button)} sent no ${method} ${path}`);
  }
}

/**
 * Opens the idle lock with `password`: typed until the field holds it (a lock drawn again as the
 * page settles after a reload starts empty), then Unlock, until the lock is gone. A refusal shown
 * on the lock fails at once with its words (CI 04:13: a lock that stayed said nothing).
 */
export async function unlockWith(page: Page, password: string, timeout = 30_000): Promise<void> {
  const lock = page.getByTestId('idle-lock');
  const field = page.getByTestId('idle-lock-password');
  const error = page.getByTestId('idle-lock-error');
  const required = ckb.validation.required;
  for (let attempt = 1; attempt <= 3; attempt++) {
    await field.fill(password);
    await page.getByTestId('idle-lock-submit').click();
    const wait = attempt === 3 ? timeout : 8_000;
    const outcome = await Promise.race([
      lock.waitFor({ state: 'detached', timeout: wait }).then(() => 'open' as const),
      error.waitFor({ timeout: wait }).then(() => 'refused' as const),
    ]).catch(() => 'nothing' as const);
    if (outcome === 'open') return;
    const said = (await error.count()) ? await error.innerText() : '';
    note(`Unlock on the idle lock: ${outcome}${said ? ` ("${said}")` : ''} (attempt ${attempt})`);
    // Refused for its words (a wrong password, too many tries): no second try hides that.
    if (outcome === 'refused' && said !== required) throw new Error(`the idle lock refused: ${said}`);
  }
  throw new Error('three tries did not open the idle lock');
}

/**
 * Types a password the idle lock must refuse, then Unlock, until the lock says why (other than an
 * empty field): a click landing while the lock is drawn again is lost, as a person's would be, who
 * clicks again (CI 2026-11-29: the refusal never came within 15 s, and came on the run again).
 * Answers the refusal's words.
 */
export async function refusedOnLock(page: Page, password: string, timeout = 30_000): Promise<string> {
  const error = page.getByTestId('idle-lock-error');
  const said = async () => ((await error.count()) ? (await error.innerText()).trim() : '');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.getByTestId('idle-lock-password').fill(password);
    await page.getByTestId('idle-lock-submit').click();
    const deadline = Date.now() + (attempt === 3 ? timeout : 8_000);
    while (Date.now() < deadline) {
      const words = await said();
      if (words && words !== ckb.validation.required) return words;
      await page.waitForTimeout(250);
    }
    note(`a wrong password on the idle lock was not refused (attempt ${attempt})`);
  }
  throw new Error('three tries of a wrong password on the idle lock were not refused');
}

/**
 * Clicks `target` until `shown` is visible: a popover's trigger clicked while the screen is still
 * settling (its data arriving redraws it) can close what the click opened, and a person clicks again.
 */
export async function clickUntilShown(target: Locator, shown: Locator, attempts = 3): Promise<void> {
  // Open already (a popover left open): a click would close it.
  if (await shown.isVisible()) return;
  for (let attempt = 1; ; attempt++) {
    await target.click();
    const seen = await shown.waitFor({ timeout: attempt === attempts ? 15_000 : 3_000 }).then(() => true, () => false);
    if (seen) return;
    note(`a click on ${String(target)} did not show ${String(shown)} (attempt ${attempt})`);
    if (attempt === attempts) throw new Error(`${attempts} clicks on ${String(target)} did not show ${String(shown)}`);
  }
}

/**
 * Waits until `done` holds, asking every 250 ms; after `ms` fails saying `what`. A loop, not
 * expect.poll: it serves in a beforeAll too (a device's working set reaching it, a sync pass).
 */
export async function until(page: Page, done: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(what);
    await page.waitForTimeout(250);
  }
}

/**
 * Waits until the app is installed: its service worker active and holding every file of the app,
 * so every screen and language opens with the server stopped. A first worker takes the page
 * before it has cached everything (src/client/sw.ts); it answers CACHE_ALL once it has (the same
 * question the page asks, offline/serviceWorker.ts), and is asked again after a failed fetch.
 */
export async function appInstalled(page: Page): Promise<void> {
  await until(
    page,
    () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const channel = new MessageChannel();
        return new Promise<boolean>((resolve) => {
          channel.port1.onmessage = (event: MessageEvent<{ complete?: boolean }>) => resolve(event.data?.complete === true);
          registration.active?.postMessage({ type: 'CACHE_ALL' }, [channel.port2]);
        });
      }),
    'the service worker did not cache the whole app',
    60_000,
  );
}

/** Waits until the app's location is `path` (client-side navigation included). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** A mark for the names a test makes, unique to this moment (`prefix` tells a file's apart). */
export const stamp = (prefix = ''): string => `${prefix}${Date.now().toString(36)}`;

/**
 * Calls `renew` before a test that runs again (vitest's retry, or a repeat), so that its second
 * run makes records of its own instead of meeting the first run's (three rows found as six). For
 * files whose tests each make what they look for; a test that reads an earlier test's records
 * cannot run again alone anyway.
 */
export function onRerun(renew: () => void): void {
  beforeEach(({ task }) => {
    if (isRerun(task)) renew();
  });
}

/** Whether this run of a test is a second one (vitest's retry, or a repeat). */
export function isRerun(task: { result?: { retryCount?: number; repeatCount?: number } }): boolean {
  return (task.result?.retryCount ?? 0) > 0 || (task.result?.repeatCount ?? 0) > 0;
}

/**
 * A file's names and booking days, renewed when a test runs again: a new `tag`, and `day(iso)`
 * 52 weeks later (the same weekday), since the first run's bookings hold their slots (one
 * doctor's bookings never overlap).
 */
export function perRun(prefix = ''): { tag: string; rerun: number; day: (iso: string) => string } {
  const run = { tag: stamp(prefix), rerun: 0, day: (iso: string) => new Date(Date.parse(iso) + run.rerun * 364 * 86_400_000).toISOString().slice(0, 10) };
  onRerun(() => {
    run.tag = stamp(prefix);
    run.rerun++;
  });
  return run;
}

/** One browser for the file and a fresh context and page for every test; `page()` is the current page. */
export function pagePerTest(): { page: () => Page } {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let current: Page;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser);
    current = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return { page: () => current };
}

export interface KurdishPageOptions extends BrowserContextOptions {
  /** The window's width; its height is a phone's below 500 px. */
  width?: number;
  lang?: string;
  /** Set the language only where none was chosen, so a test's own choice survives a reload. */
  keepChosenLanguage?: boolean;
}

/**
 * One browser for the file and a page per call, each in a context of its own, in Kurdish (or
 * `lang`), with prints counted instead of opened (countPrints); all closed after the file.
 */
export function kurdishPages(extras: LaunchExtras = {}): (options?: KurdishPageOptions) => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch(extras);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });
  return async ({ width = 1440, lang = 'ckb', keepChosenLanguage = false, ...options } = {}) => {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, ...options });
    contexts.push(context);
    await context.addInitScript(
      ([l, keep]) => {
        // about:blank has no storage of its own: nothing to set there.
        if (window.location.protocol === 'about:') return;
        if (!keep || !window.localStorage.getItem('user-locale')) window.localStorage.setItem('user-locale', l);
      },
      [lang, keepChosenLanguage] as const,
    );
    await countPrints(context);
    context.setDefaultTimeout(15_000);
    return context.newPage();
  };
}

/** As kurdishPages, each page signed in to `host` and on its dashboard. */
export function kurdishSessions(host: string, password = PASSWORD, extras: LaunchExtras = {}): (user: string, width: number, options?: KurdishPageOptions) => Promise<Page> {
  const kurdishPage = kurdishPages(extras);
  return async (user, width, options = {}) => {
    const page = await kurdishPage({ width, ...options });
    await login(page, host, user, password);
    await waitForPath(page, '/dashboard');
    return page;
  };
}

/**
 * A picture for a person to look at, never read by a test: taken only when E2E_SCREENSHOTS names a
 * folder (a full-page capture costs a second or more on the CI's two cores, and dozens were taken
 * for no one). Of an element, it is still waited for, visible, as its capture would have.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean; settleMs?: number } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if ('mainFrame' in target) {
    if (!dir) return;
    // A moment for what was just opened to finish drawing (a picture, not a check).
    if (options.settleMs) await target.waitForTimeout(options.settleMs);
    await target.screenshot({ path: `${dir}/${name}.png`, fullPage: options.fullPage });
  } else if (dir) await target.screenshot({ path: `${dir}/${name}.png` });
  else await target.waitFor();
}

/** A call to the v1 API from inside the page, with the page's session: what the signed-in user may do. */
export async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ p, method, body }) => {
      const res = await fetch(`/api/v1${p}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
    },
    { p: path, method: init.method ?? 'GET', body: init.body },
  );
}

/** The print dialog counted (window.printed) instead of opened, so a test can print the sheet to PDF itself. */
export async function countPrints(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
}

/** Waits until the page has asked to print. */
export async function waitForPrint(page: Page): Promise<void> {
  await page.waitForFunction(() => ((window as unknown as { printed?: number }).printed ?? 0) > 0);
}

/**
 * Where each character of `needle` inside the element `selector` was drawn (its left edge in px):
 * the order a reader sees, whatever the order in memory.
 */
export async function drawnOrder(page: Page, selector: string, needle: string): Promise<number[]> {
  return page.evaluate(
    ([sel, text]) => {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no ${sel}`);
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').indexOf(text);
        if (at < 0) continue;
        return [...text].map((_, i) => {
          const range = document.createRange();
          range.setStart(node!, at + i);
          range.setEnd(node!, at + i + 1);
          return range.getBoundingClientRect().left;
        });
      }
      throw new Error(`no "${text}" in ${sel}`);
    },
    [selector, needle] as const,
  );
}

export const leftToRight = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]);

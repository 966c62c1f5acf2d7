// The pages as a desk in the region feels them (issue 41): Chromium on a congested mobile link
// (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip) with the CPU slowed 4x like a mid-range
// phone. First visit: the login page from an empty cache until it can be used, then, after the
// seconds a person spends typing, from the login click to the first rows of the patients list
// reached through the menu. Repeat visit: the patients list opened again in the same browser
// (its cache and installed app), from navigation to the first rows. Long tasks are the main
// thread's (PerformanceObserver), from the login click to the rows.
import { type Browser, type Page } from 'playwright-core';

export interface SlowLinkRun {
  loginUsableMs: number;
  firstRowsMs: number;
  repeatRowsMs: number;
  longestTaskMs: number;
  longTasksMs: number;
}

export interface SlowLink {
  runs: number;
  median: SlowLinkRun;
  goals: { firstRowsMs: number; repeatRowsMs: number; longestTaskMs: number };
}

const GOALS = { firstRowsMs: 2_500, repeatRowsMs: 800, longestTaskMs: 200 };
/** How long the person takes to type the username and password. */
const TYPING_MS = 4_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function slowDown(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { longTasks: [number, number][] }).longTasks.splice(0));

async function oneRun(browser: Browser, base: string, menuLabel: string): Promise<SlowLinkRun> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(() => {
      window.localStorage.setItem('user-locale', 'ckb');
      const tasks: [number, number][] = [];
      (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    await slowDown(page);
    const t0 = Date.now();
    await page.goto(`${base}/login`);
    await page.locator('[data-testid="login-submit"]').waitFor();
    const loginUsableMs = Date.now() - t0;
    await page.waitForTimeout(TYPING_MS);
    await page.locator('#username').fill('doctor');
    await page.locator('#password').fill('demo-pass-1234');
    await longTasks(page);
    const t1 = Date.now();
    await page.locator('[data-testid="login-submit"]').click();
    await page.getByTestId('app-menu').getByRole('link', { name: menuLabel, exact: true }).first().click({ timeout: 60_000 });
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    const firstRowsMs = Date.now() - t1;
    const tasks = await longTasks(page);
    // The app installed and its first sync done, as on the second visit of a working day.
    await page.waitForTimeout(5_000);
    const t2 = Date.now();
    await page.goto(`${base}/patients`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    const repeatRowsMs = Date.now() - t2;
    return {
      loginUsableMs,
      firstRowsMs,
      repeatRowsMs,
      longestTaskMs: Math.round(Math.max(0, ...tasks.map(([, d]) => d))),
      longTasksMs: Math.round(tasks.reduce((sum, [, d]) => sum + d, 0)),
    };
  } finally {
    await context.close();
  }
}

export async function runSlowLink(browser: Browser, base: string, runs: number, menuLabel: string, log: (s: string) => void): Promise<SlowLink> {
  const all: SlowLinkRun[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await oneRun(browser, base, menuLabel);
    log(`    slow link run ${i + 1}: login usable ${run.loginUsableMs} ms, login click to rows ${run.firstRowsMs} ms, repeat ${run.repeatRowsMs} ms, longest task ${run.longestTaskMs} ms`);
    all.push(run);
  }
  const pick = (key: keyof SlowLinkRun) => median(all.map((r) => r[key]));
  return {
    runs,
    median: { loginUsableMs: pick('loginUsableMs'), firstRowsMs: pick('firstRowsMs'), repeatRowsMs: pick('repeatRowsMs'), longestTaskMs: pick('longestTaskMs'), longTasksMs: pick('longTasksMs') },
    goals: GOALS,
  };
}

// The repeat visit of two builds, many times each, in turn (issue 41): `tsx bench/repeat-ab.ts
// <dist A> <dist B> [visits]`. Each build is signed in once as bench/slow-link.ts's first visit
// (the shared slow link, the CPU slowed 4x), its app installed and the list opened twice (V8's code
// cache made and taken), then the patients list is opened `visits` times in each browser, A and B
// in turn. slow-link-ab.ts gets five repeat visits in eight minutes, each after a first visit whose
// spread (a loaded machine moves a run by a third) lands on it; here a dozen in three, the same
// state each time. Prints each visit and both medians, with the renderer's task time (CDP's
// TaskDuration since the navigation: the main thread's work, waits for a core included). For
// ratios: its visits take longer than slow-link.ts's third visit (two browsers open, one visit
// 1.5 s after the last), and one build against itself differs by about 4% (docs/performance.md).
// BENCH_PAGES_PORT: the first of the two ports (default 3402; B takes the next).
import os from 'node:os';
import path from 'node:path';
import { type CDPSession, type Page, chromium } from 'playwright-core';
import { SLOW_LINK, startLinkProxy } from './link-proxy';
import ckb from '../locales/ckb.json';
import { serveDist, stopDist } from './serve-dist';

const [distA, distB] = process.argv.slice(2, 4).map((d) => path.resolve(d));
const visits = Number(process.argv[4] ?? 12);
if (!distA || !distB) throw new Error('usage: tsx bench/repeat-ab.ts <dist A> <dist B> [visits]');
const firstPort = Number(process.env.BENCH_PAGES_PORT ?? 3402);
const menu = ckb.resources.patients.title;


const servers = [await serveDist(distA, firstPort), await serveDist(distB, firstPort + 1)];
const links = [await startLinkProxy(SLOW_LINK), await startLinkProxy(SLOW_LINK)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Signed in, installed, the list opened twice: the state of a working day's later visits. */
async function installed(which: number): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 }, proxy: { server: links[which].server } });
  await context.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  const base = servers[which].base;
  await page.goto(`${base}/login`);
  await page.locator('[data-testid="login-submit"]').waitFor();
  await page.waitForTimeout(4_000);
  await page.locator('#username').fill('doctor');
  await page.locator('#password').fill('demo-pass-1234');
  await page.locator('[data-testid="login-submit"]').click();
  await page.getByTestId('app-menu').getByRole('link', { name: menu, exact: true }).first().click({ timeout: 60_000 });
  await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
  await Promise.all([
    page.waitForTimeout(5_000),
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const channel = new MessageChannel();
      await new Promise((resolve) => {
        channel.port1.onmessage = resolve;
        registration.active?.postMessage({ type: 'CACHE_ALL' }, [channel.port2]);
      });
    }),
  ]);
  for (let i = 0; i < 2; i++) {
    await page.goto(`${base}/patients`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2_000);
  }
  return { page, cdp };
}

try {
  const tabs = [await installed(0), await installed(1)];
  const wall: number[][] = [[], []];
  const work: number[][] = [[], []];
  for (let i = 0; i < visits; i++) {
    for (const which of i % 2 ? [1, 0] : [0, 1]) {
      const { page, cdp } = tabs[which];
      const t0 = Date.now();
      await page.goto(`${servers[which].base}/patients`);
      await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
      const ms = Date.now() - t0;
      const { metrics } = await cdp.send('Performance.getMetrics');
      const taskMs = Math.round((metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000);
      wall[which].push(ms);
      work[which].push(taskMs);
      console.log(`${'AB'[which]} visit ${i + 1}: rows in ${ms} ms, task time ${taskMs} ms (load ${os.loadavg()[0].toFixed(1)})`);
      await page.waitForTimeout(1_500);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const which of [0, 1]) {
    console.log(`${'AB'[which]} (${os.loadavg()[0].toFixed(1)} load) (${[distA, distB][which]}) medians of ${visits}: rows in ${median(wall[which])} ms, task time ${median(work[which])} ms`);
  }
} finally {
  await browser.close();
  for (const link of links) await link.close();
  for (const s of servers) stopDist(s);
}

// Page weight and speed in headless Chromium against the production build and the real server:
// what the login page and the patients list load first, and how long until each is usable.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { postJson } from './http';
import { type AssetSize, largestChunks, weigh } from './weigh';
import { type SlowLink, runSlowLink } from './slow-link';
import { type RenderWork, runRenderWork } from './render-work';
import ckb from '../locales/ckb.json';

export interface PageWeight {
  login: { js: AssetSize; css: AssetSize; medianMs: number };
  patients: { js: AssetSize; css: AssetSize; medianMs: number };
  largest: AssetSize[];
  /** What the patients list loads, largest first: where its weight comes from. */
  patientsFiles: AssetSize[];
  /** What the login page loads, largest first. */
  loginFiles: AssetSize[];
  /** The same pages on a congested mobile link with a phone's CPU (bench/slow-link.ts). */
  slowLink: SlowLink;
  /** React's commits and renders for the list and for typing (bench/render-work.ts). */
  renderWork: RenderWork;
}

const DIST = path.resolve('dist/client');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(browser: Browser, url: string, ready: string, session?: Record<string, string>) {
  const context = await browser.newContext();
  await context.addInitScript((items: Record<string, string>) => {
    for (const [k, v] of Object.entries(items)) window.localStorage.setItem(k, v);
  }, { 'user-locale': 'en', ...session });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  const t0 = Date.now();
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = Date.now() - t0;
  await context.close();
  return { ms, urls };
}

export async function runPageWeight(runs: number, log: (s: string) => void): Promise<PageWeight> {
  // Figures of a stale build would mislead: build unless told to reuse one (BENCH_BUILD=0).
  if (!fs.existsSync(path.join(DIST, 'index.html')) || !fs.existsSync('dist/server/main.js') || process.env.BENCH_BUILD !== '0') {
    log('  building the client and the server...');
    spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-'));
  // BENCH_PAGES_PORT: another port, for a run beside someone else's bench.
  const port = Number(process.env.BENCH_PAGES_PORT ?? 3402);
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const base = `http://demo.localhost:${port}`;
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/tenant-check`).then(() => true, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await postJson<{ token: string; user: { role: number } }>(`http://127.0.0.1:${port}/api/v1/auth/tenant/login`, `demo.localhost:${port}`, { username: 'doctor', password: 'demo-pass-1234' });
    const { token, user } = res.json;
    const session = { token, user: JSON.stringify(user), role: String(user.role) };

    const loginRuns = [];
    const listRuns = [];
    for (let i = 0; i < runs; i++) {
      loginRuns.push(await timed(browser, `${base}/login`, '[data-testid="login-submit"]'));
      listRuns.push(await timed(browser, `${base}/patients`, '.ant-table-row', session));
    }
    log('  on a slow mobile link with a phone CPU...');
    const slowLink = await runSlowLink(browser, base, runs, ckb.resources.patients.title, log);
    const renderWork = await runRenderWork(browser, base, ckb.resources.patients.title);
    log(`  React: login click to the list's rows ${renderWork.list.commits} commits, ${renderWork.list.renders} renders; typing 12 characters ${renderWork.typing.commits} commits, ${renderWork.typing.renders} renders`);
    const login = weigh(DIST, loginRuns[0].urls);
    const patients = weigh(DIST, listRuns[0].urls);
    return {
      login: { js: login.js, css: login.css, medianMs: median(loginRuns.map((r) => r.ms)) },
      patients: { js: patients.js, css: patients.css, medianMs: median(listRuns.map((r) => r.ms)) },
      largest: largestChunks(DIST, 6),
      loginFiles: [...login.files].sort((a, b) => b.gzip - a.gzip).slice(0, 8),
      patientsFiles: [...patients.files].sort((a, b) => b.gzip - a.gzip).slice(0, 8),
      slowLink,
      renderWork,
    };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

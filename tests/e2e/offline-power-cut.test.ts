// A power cut at the desk during an internet cut (Kurdish, 1440 px): the browser's process killed
// (no clean close) while a patient registered offline waits in the outbox, then the installed app
// opened again from its start address, the server still cut (cut-proxy.ts). The session survives
// in the browser's storage but the device key lived in memory only: the app asks the password on
// its lock (saying how many changes wait), which opens the device's copy; the list answers from
// it (the dashboard's counts, which need the server, as unknown, not 0); when the link returns the
// waiting patient is sent, once. Before, the reopened app showed 0 patients, "no appointments
// today" and lists that could not load, and sent nothing until the desk signed out and in again.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, type Page, chromium } from 'playwright-core';
import { appInstalled, api, CHROMIUM, PASSWORD, serverPort, unlockWith, until } from './browser';
import { type CutProxy, cutProxy } from './cut-proxy';
import { goWithin, keptRows, signInAt } from './device-store';
import { watchContext } from './diagnostics';
import { axeFailures } from './axe';
import ckb from '../../locales/ckb.json';
import { outboxCount } from './outbox-count';

let MARK = '';

/** A free TCP port for the browser's debugging endpoint. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether the browser's profile holds `text` on disk in its localStorage (Chromium's leveldb files). */
function onDisk(profile: string, text: string): boolean {
  const dir = join(profile, 'Default', 'Local Storage', 'leveldb');
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((f) => readFileSync(join(dir, f)).toString('latin1').includes(text));
}

/** How many entries wait in the device's outbox. */

describe('a power cut during an internet cut (Kurdish, 1440 px)', () => {
  let proxy: CutProxy;
  let profile = '';
  let origin = '';
  let process_: ChildProcess | null = null;
  let browser: Browser | null = null;

  /** The desk's browser on its profile (a process of its own, so it can be killed as a power cut does). */
  const start = async (): Promise<Page> => {
    const port = await freePort();
    process_ = spawn(
      CHROMIUM,
      ['--headless', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', 'about:blank'],
      { detached: true, stdio: 'ignore' },
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
        break;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const context = watchContext(browser.contexts()[0]);
    await context.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    context.setDefaultTimeout(15_000);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1440, height: 900 });
    return page;
  };

  /** The power cut: every process of the browser killed at once. */
  const kill = async (): Promise<void> => {
    const child = process_!;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    browser = null;
    process_ = null;
  };

  beforeAll(async () => {
    proxy = await cutProxy(serverPort());
    origin = `http://demo.localhost:${proxy.port}`;
  });
  // Each run (a run again too) on a fresh profile with the link up and a patient of its own: a
  // failed first run leaves the link cut, its browser up and its waiting patient in the profile.
  beforeEach(async () => {
    if (process_) await kill();
    if (profile) rmSync(profile, { recursive: true, force: true });
    profile = mkdtempSync(join(tmpdir(), 'power-cut-'));
    MARK = `Powercut${Date.now().toString(36)}`;
    proxy.set('up');
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    if (process_?.pid) process.kill(-process_.pid, 'SIGKILL');
    await proxy?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('opens again on its lock, shows what waits and the device copy after the password, and sends it once when the link returns', async () => {
    let page = await start();
    await signInAt(page, origin, 'secretary');
    await until(page, async () => (await keptRows(page)).some(([r]) => r === 'patients'), 'the working set did not reach the device');
    await appInstalled(page);

    proxy.set('down');
    await goWithin(page, '/patients/create');
    await page.locator('#field-name').fill(MARK);
    await page.locator('#field-gender').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('#field-name').press('Enter');
    await expect.poll(() => outboxCount(page)).toBe(1);
    // The session itself lives in localStorage, which Chromium writes to disk some seconds after
    // it changed (the outbox is on disk at once): the cut comes once the session is on disk, as it
    // is minutes after a sign-in.
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    expect(token).not.toBe('');
    await expect.poll(() => onDisk(profile, token) && onDisk(profile, 'device-key'), { timeout: 60_000, interval: 500 }).toBe(true);

    await kill();
    page = await start();
    await page.goto(`${origin}/dashboard`);
    // The lock, not screens that cannot read the device's copy; it says one change waits.
    const lock = page.getByTestId('idle-lock');
    await lock.waitFor({ timeout: 30_000 });
    expect(await lock.innerText()).toContain(ckb.idleLock.reopened.replace('{{name}}', 'Nazdar Karim'));
    expect(await page.getByTestId('idle-lock-waiting').innerText()).toBe(ckb.offline.waiting_one);
    expect(await axeFailures(page, '.ant-modal')).toEqual([]);
    await unlockWith(page, PASSWORD);

    // The dashboard under it reads again: its counts need the server, unknown (not 0), with a Retry.
    await page.getByTestId('load-error').waitFor();
    expect(await page.getByTestId('count-tasks').innerText()).toContain('—');
    expect(await axeFailures(page, '[data-testid="load-error"]')).toEqual([]);

    // The device's copy answers, the waiting patient with it.
    await goWithin(page, '/patients');
    await page.getByTestId('list-search').fill(MARK);
    await page.getByTestId('list-search').press('Enter');
    await page.locator('.ant-table-row').filter({ hasText: MARK }).waitFor();
    await expect.poll(async () => (await page.getByTestId('offline-banner').innerText()).includes(ckb.offline.waiting_one)).toBe(true);

    // The link back: sent under the session that survived, once.
    proxy.set('up');
    await expect.poll(() => outboxCount(page), { timeout: 40_000 }).toBe(0);
    const made = (await api<{ data: { id: number }[] }>(page, `/patients?q=${MARK}`)).body.data;
    expect(made).toHaveLength(1);
  }, 180_000);
});

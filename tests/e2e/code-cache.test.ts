// The repeat visit takes V8's code cache of the scripts the first visit loaded before its service
// worker existed (issue 41, src/client/offline/codeCache.ts). Those (the entry, React, the login's
// own) came from the network; once the app is installed a hidden frame evaluates them once more out
// of the worker's cache, which makes their code cache there, and the next visit consumes it rather
// than compiling them again. The frame starts nothing (no request to the API) and goes away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { appInstalled, baseUrl, launch, login, until } from './browser';

interface TraceEvent {
  name: string;
  args?: { data?: { url?: string; consumedCacheSize?: number } };
}

describe("the first visit's scripts on the next visit", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('come with their code cache, made by a hidden frame that starts nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const fromFrame: string[] = [];
    page.on('request', (r) => {
      if (r.frame().name() === 'code-cache') fromFrame.push(new URL(r.url()).pathname);
    });
    // Followed from the start: on a loaded machine the frame may come and go before the install is
    // confirmed to the test.
    let frameGone = false;
    page.on('framedetached', (f) => {
      if (f.name() === 'code-cache') frameGone = true;
    });
    await login(page, 'demo.localhost', 'secretary');
    await page.getByTestId('app-menu').waitFor();
    const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '');
    expect(entry).toMatch(/\/assets\/index-[\w-]+\.js$/);
    await appInstalled(page);
    const frame = page.locator('iframe[name="code-cache"]');
    await until(page, () => Promise.resolve(frameGone), 'the code cache frame did not come and go');
    // The frame loaded the entry through the worker and asked the API nothing.
    expect(fromFrame).toContain(new URL(entry).pathname);
    expect(fromFrame.filter((p) => p.startsWith('/api/'))).toEqual([]);

    await browser.startTracing(page, { categories: ['v8', 'devtools.timeline'] });
    await page.goto(`${baseUrl('demo.localhost')}/patients`);
    await page.locator('.ant-table-row').first().waitFor();
    const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const compiled = events.filter((e) => e.name === 'v8.compileModule' && e.args?.data?.url === entry);
    expect(compiled.length).toBeGreaterThan(0);
    expect(compiled.map((e) => e.args?.data?.consumedCacheSize ?? 0).every((size) => size > 0)).toBe(true);
    // A later visit loads everything through the worker: no frame again.
    await page.waitForTimeout(3_000);
    expect(await frame.count()).toBe(0);
    await context.close();
  });
});

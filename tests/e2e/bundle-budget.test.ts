// The login page's first-load JavaScript stays within the budget (issue 7: at most 250 KiB gzip).
// Sizes come from the build output, so this is deterministic; timings are never asserted.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { weigh } from '../../bench/weigh';
import { baseUrl, launch, newContext } from './browser';

const BUDGET_GZIP = 250 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

it('loads at most 250 KiB of gzipped JavaScript for the login page', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto(`${baseUrl()}/login`);
  await page.getByTestId('login-submit').waitFor();
  await context.close();
  const { js, files } = weigh(path.resolve('dist/client'), urls);
  const detail = files.map((f) => `${f.file} ${Math.round(f.gzip / 1024)} KiB`).join(', ');
  expect(js.gzip, `login page JS: ${detail}`).toBeLessThanOrEqual(BUDGET_GZIP);
  // The charts library never loads with the login page.
  // Judged by the chunk's name, not its content hash (which once read "...G2us").
  const names = files.map((f) => f.file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
  expect(names.filter((n) => /plots|g2|antv/i.test(n))).toEqual([]);
});

// A clinic's copy in the browser, in Kurdish: the Main Doctor asks for it under Settings, watches it
// being prepared, downloads the ZIP and finds every record kind, the FHIR Bundle and a Kurdish README;
// the Owner restores that ZIP into a new clinic, following its progress to its result, and the new
// clinic's Main Doctor then finds the patients there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { baseUrl, login, pagePerTest, screenshot, waitForPath } from './browser';

const CLINIC = 'demo.localhost';
const { page } = pagePerTest();
const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-copy-')), 'copy.zip');

describe("the clinic's copy (Kurdish)", () => {
  it('is asked for, prepared in the background and downloaded by the Main Doctor', async () => {
    const p = page();
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await p.setViewportSize({ width: 1440, height: 900 });
    await login(p, CLINIC, 'doctor');
    await waitForPath(p, '/dashboard');
    await p.goto(`${baseUrl(CLINIC)}/settings/export`);
    // The demo clinic's copy of last month has expired: listed, not downloadable (last; a run
    // again finds the first run's copy above it).
    const statuses = p.locator('[data-testid^="export-status-"]');
    await expect.poll(async () => (await statuses.allInnerTexts()).at(-1), { timeout: 15_000 }).toBe('بەسەرچوو');
    const before = await statuses.allInnerTexts();
    const download = p.locator('[data-testid^="export-download-"]');
    const readyBefore = await download.count();
    // A double click asks once.
    await p.getByTestId('export-request').dblclick();
    await expect.poll(() => download.count(), { timeout: 30_000 }).toBe(readyBefore + 1);
    await expect.poll(() => statuses.allInnerTexts(), { timeout: 15_000 }).toEqual(['ئامادەیە', ...before]);
    await screenshot(p, 'clinic-copy-1440');
    const [file] = await Promise.all([p.waitForEvent('download'), download.first().click()]);
    expect(file.suggestedFilename()).toMatch(/^clinic-demo-\d{4}-\d{2}-\d{2}\.zip$/);
    await file.saveAs(saved);
    const zip = unzipSync(new Uint8Array(fs.readFileSync(saved)));
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']).toString('utf8')) as { resources: Record<string, number> };
    expect(manifest.resources.patients).toBeGreaterThan(0);
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['data/patients.json', 'csv/visitings.csv', 'fhir/bundle.json', 'files.json']));
    expect(Buffer.from(zip['csv/patients.csv']).toString('utf8').startsWith('\uFEFFناسنامە')).toBe(true);
    expect(Buffer.from(zip['README.txt']).toString('utf8')).toContain('کۆپیی داتاکانی');

    await p.setViewportSize({ width: 390, height: 844 });
    await screenshot(p, 'clinic-copy-390', { fullPage: true });
  });

  it('is not offered to the rest of the staff', async () => {
    const p = page();
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(p, CLINIC, 'secretary');
    await waitForPath(p, '/dashboard');
    const status = await p.evaluate(async () => (await fetch('/api/v1/exports', { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } })).status);
    expect(status).toBe(403);
    await p.goto(`${baseUrl(CLINIC)}/settings/export`);
    await p.getByRole('main').waitFor();
    await expect.poll(() => p.getByTestId('export-request').count(), { timeout: 5_000 }).toBe(0);
  });

  it('is restored by the Owner into a new clinic', async () => {
    const p = page();
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(p, 'localhost', 'owner');
    await waitForPath(p, '/dashboard');
    const suffix = Date.now().toString(36).slice(-5);
    const created = await p.evaluate(async (sub) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, 'Content-Type': 'application/json' };
      const plans = (await (await fetch('/api/v1/plans', { headers })).json()) as { data: { id: number }[] };
      const res = await fetch('/api/v1/tenants', { method: 'POST', headers, body: JSON.stringify({ name: 'Dr. Copy', subdomain: sub, username: 'copydoc', password: 'granite-meadow-4471', plan_id: plans.data[0].id }) });
      return ((await res.json()) as { data: { id: number } }).data.id;
    }, `copy${suffix}`);
    await p.goto(`${baseUrl()}/doctors/show/${created}`);
    await p.getByTestId('restore-copy-open').click();
    await p.getByRole('dialog').locator('input[type=file]').setInputFiles(saved);
    // The restore runs in the background: its progress bar shows while it runs, then its result.
    await p.evaluate(() => {
      const seen = new MutationObserver(() => {
        if (document.querySelector('[data-testid="restore-progress"] .ant-progress')) document.body.dataset.restoreProgressSeen = 'yes';
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    await p.getByRole('dialog').getByRole('button', { name: 'بگەڕێنەرەوە' }).click();
    const result = p.getByTestId('restore-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toContain('کۆپییەکە بۆ ئەم کلینیکە گەڕێندرایەوە.');
    expect(await p.evaluate(() => document.body.dataset.restoreProgressSeen)).toBe('yes');
    await screenshot(p, 'restore-1440');

    const clinic = `copy${suffix}.localhost`;
    await login(p, clinic, 'copydoc', 'granite-meadow-4471');
    await waitForPath(p, '/dashboard');
    const patients = await p.evaluate(async () => {
      const res = await fetch('/api/v1/patients?per_page=1', { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
      return ((await res.json()) as { meta: { total: number } }).meta.total;
    });
    expect(patients).toBeGreaterThan(0);
  });
});

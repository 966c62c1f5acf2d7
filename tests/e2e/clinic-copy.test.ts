// A clinic's copy in the browser, in Kurdish: the Main Doctor asks for it under Settings, watches it
// being prepared, downloads the ZIP and finds every record kind, the FHIR Bundle and a Kurdish README.
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { baseUrl, login, pagePerTest, waitForPath } from './browser';

const CLINIC = 'demo.localhost';
const { page } = pagePerTest();

describe("the clinic's copy (Kurdish)", () => {
  it('is asked for, prepared in the background and downloaded by the Main Doctor', async () => {
    const p = page();
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await p.setViewportSize({ width: 1440, height: 900 });
    await login(p, CLINIC, 'doctor');
    await waitForPath(p, '/dashboard');
    await p.goto(`${baseUrl(CLINIC)}/settings/export`);
    // The demo clinic's copy of last month has expired: listed, not downloadable.
    const statuses = p.locator('[data-testid^="export-status-"]');
    await expect.poll(() => statuses.allInnerTexts(), { timeout: 15_000 }).toEqual(['بەسەرچوو']);
    // A double click asks once.
    await p.getByTestId('export-request').dblclick();
    const download = p.locator('[data-testid^="export-download-"]');
    await download.first().waitFor({ timeout: 30_000 });
    expect(await download.count()).toBe(1);
    await expect.poll(() => statuses.allInnerTexts(), { timeout: 15_000 }).toEqual(['ئامادەیە', 'بەسەرچوو']);
    if (process.env.E2E_SCREENSHOTS) await p.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/clinic-copy-1440.png` });
    const [file] = await Promise.all([p.waitForEvent('download'), download.first().click()]);
    expect(file.suggestedFilename()).toMatch(/^clinic-demo-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']).toString('utf8')) as { resources: Record<string, number> };
    expect(manifest.resources.patients).toBeGreaterThan(0);
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['data/patients.json', 'csv/visitings.csv', 'fhir/bundle.json', 'files.json']));
    expect(Buffer.from(zip['csv/patients.csv']).toString('utf8').startsWith('\uFEFFناسنامە')).toBe(true);
    expect(Buffer.from(zip['README.txt']).toString('utf8')).toContain('کۆپیی داتاکانی');

    await p.setViewportSize({ width: 390, height: 844 });
    if (process.env.E2E_SCREENSHOTS) await p.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/clinic-copy-390.png`, fullPage: true });
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
});

// Working lists (issue 19), generated for every resource, in Kurdish as the secretary uses the
// patients list: the total shown, the page size kept in the address across a reload, columns
// chosen and kept, a view saved and brought back (filters, sort, page size and columns), the
// filtered rows exported to Excel, ticked tasks deleted at once, and the keyboard: `/` to the
// search box, Ctrl+S to save a form.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, clickUntilShown, login, onRerun, pagePerTest, screenshot, stamp, waitForPath } from './browser';

const { page } = pagePerTest();
const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
let tag = stamp('WL');
onRerun(() => (tag = stamp('WL')));

async function signIn(p: Page): Promise<void> {
  await p.setViewportSize({ width: 1440, height: 900 });
  await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
  await login(p, CLINIC, 'secretary');
  await waitForPath(p, '/dashboard');
}

const headers = (p: Page) => p.locator('.ant-table-thead th').allInnerTexts();

describe('working lists', () => {
  it('keep the page size in the address, the chosen columns, and a saved view', async () => {
    const p = page();
    await signIn(p);
    for (const [name, gender] of [[`${tag} Shno`, 1], [`${tag} Dilan`, 1], [`${tag} Rebaz`, 0]] as const) {
      expect((await api(p, '/patients', { method: 'POST', body: { name, gender } })).status).toBe(201);
    }
    await p.goto(url('/patients'));
    const total = p.getByTestId('list-total');
    await total.waitFor();
    const all = (await api<{ meta: { total: number } }>(p, '/patients?per_page=1')).body.meta.total;
    expect(await total.innerText()).toContain(String(all));

    // Page size 50, kept in the address and after a reload.
    await p.locator('.ant-pagination-options .ant-select').click();
    await p.locator('.ant-select-item-option').filter({ hasText: '50' }).click();
    await expect.poll(() => new URL(p.url()).searchParams.get('pageSize')).toBe('50');
    await p.reload();
    await total.waitFor();
    expect(new URL(p.url()).searchParams.get('pageSize')).toBe('50');

    // Columns: the national ID added, the phone taken away; kept after a reload.
    const nationalId = ckb.resources.patients.fields.national_id;
    const phone = ckb.fields.phone;
    expect(await headers(p)).not.toContain(nationalId);
    await p.getByTestId('list-columns').click();
    await p.getByTestId('column-national_id').click();
    await p.getByTestId('column-phone').click();
    await expect.poll(() => headers(p)).toContain(nationalId);
    expect(await headers(p)).not.toContain(phone);
    await p.reload();
    await total.waitFor();
    expect(await headers(p)).toContain(nationalId);

    // Search and sort, then saved as a view.
    await p.getByTestId('list-search').fill(tag);
    await p.getByTestId('list-search').press('Enter');
    await expect.poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    await p.locator('.ant-table-thead th', { hasText: ckb.fields.name }).click();
    await expect.poll(() => new URL(p.url()).search).toContain('sorters');
    await p.getByTestId('view-save').click();
    await p.locator('#view-name').fill(`Mine ${tag}`);
    // Double-clicked, as a hurried hand does: one view is saved.
    await p.getByTestId('view-save-confirm').dblclick();
    await p.getByText(ckb.lists.viewSaved).first().waitFor();
    const saved = await api<{ data: { name: string }[] }>(p, `/list-views?filter[resource]=patients&q=${encodeURIComponent(tag)}`);
    expect(saved.body.data.map((v) => v.name)).toEqual([`Mine ${tag}`]);

    // Back to the plain list with the default columns, then the view puts everything back.
    const reset = p.getByTestId('list-columns-reset');
    await clickUntilShown(p.getByTestId('list-columns'), reset);
    await reset.click();
    // The default columns at once, on this page (the phone back, the national ID gone).
    await expect.poll(() => headers(p)).not.toContain(nationalId);
    await p.goto(url('/patients'));
    await total.waitFor();
    await expect.poll(() => headers(p)).toContain(phone);
    await p.getByTestId('saved-views').click();
    await p.locator('.ant-select-item-option').filter({ hasText: `Mine ${tag}` }).click();
    await expect.poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    expect(await headers(p)).toContain(nationalId);
    expect(await headers(p)).not.toContain(phone);
    const names = await p.locator('.ant-table-tbody tr.ant-table-row td').filter({ hasText: tag }).allInnerTexts();
    expect(names.map((n) => n.trim())).toEqual([`${tag} Dilan`, `${tag} Rebaz`, `${tag} Shno`]);
    expect(new URL(p.url()).searchParams.get('pageSize')).toBe('50');
    await screenshot(p, 'working-lists-1440', { fullPage: true });
    await p.setViewportSize({ width: 390, height: 844 });
    await screenshot(p, 'working-lists-390', { fullPage: true });
    await p.setViewportSize({ width: 1440, height: 900 });

    // The filtered rows, exactly, as an Excel workbook.
    const [file] = await Promise.all([p.waitForEvent('download'), p.getByTestId('export-more').click().then(() => p.getByTestId('export-xlsx').click())]);
    expect(file.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    const nameColumn = (sheet.getRow(1).values as unknown[]).indexOf(ckb.fields.name);
    const rows: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[])[nameColumn]));
    expect(rows).toEqual([`${tag} Dilan`, `${tag} Rebaz`, `${tag} Shno`]);
  });

  it('answer the keyboard: / goes to the search box, Ctrl+S saves the form', async () => {
    const p = page();
    await signIn(p);
    await p.goto(url('/patients'));
    await p.getByTestId('list-total').waitFor();
    await p.locator('body').click({ position: { x: 5, y: 5 } });
    await p.keyboard.press('/');
    expect(await p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('list-search');

    await p.goto(url('/patients/create'));
    await p.locator('#field-name').fill(`${tag} Keyboard`);
    await p.locator('#field-gender').click();
    await p.locator('.ant-select-item-option').first().click();
    await p.keyboard.press('Control+s');
    await p.waitForURL((u) => !u.pathname.endsWith('/create'));
    const found = await api<{ data: { name: string }[] }>(p, `/patients?q=${encodeURIComponent(`${tag} Keyboard`)}`);
    expect(found.body.data.map((r) => r.name)).toEqual([`${tag} Keyboard`]);
  });

  it('delete the ticked tasks at once, and only those', async () => {
    const p = page();
    await signIn(p);
    const ids: number[] = [];
    for (const title of ['one', 'two', 'three']) {
      const made = await api<{ data: { id: number } }>(p, '/tasks', { method: 'POST', body: { title: `${tag} ${title}` } });
      expect(made.status).toBe(201);
      ids.push(made.body.data.id);
    }
    await p.goto(url(`/tasks?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=${tag}`));
    await expect.poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    for (const title of ['one', 'three']) await p.locator('.ant-table-tbody tr.ant-table-row', { hasText: `${tag} ${title}` }).locator('.ant-checkbox-input').check();
    await p.getByTestId('bulk-bar').getByText('2').first().waitFor();
    await p.getByTestId('bulk-delete').click();
    await p.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await expect.poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    const left = await api<{ data: { id: number }[] }>(p, `/tasks?q=${encodeURIComponent(tag)}`);
    expect(left.body.data.map((r) => r.id)).toEqual([ids[1]]);
    expect(await p.getByTestId('bulk-bar').count()).toBe(0);
  });
});

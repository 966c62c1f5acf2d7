// Stock and dispensing (issue 40), in Kurdish at 390 px, one signed-in page throughout: the
// prescribing picker says what the stock holds of a drug; a visit's prescription line is dispensed
// from the visit, a second dispensing past the stock is refused in Kurdish; the item shows the
// lower stock, and the dashboard warns that it is under its reorder level.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, clickUntilShown, kurdishSessions, screenshot } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
const signedIn = kurdishSessions(CLINIC);

async function created(page: Parameters<typeof api>[0], path: string, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ data: { id: number } }>(page, path, { method: 'POST', body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

describe('dispensing from a visit', () => {
  it('lowers the stock, refuses more than is left, and the dashboard warns under the reorder level', async () => {
    const page = await signedIn('doctor', 390);
    // Made when the test runs (drug and stock names are unique): a run again makes its own.
    const NAME = `Stocked ${Date.now().toString(36)}`;
    const drugId = await created(page, '/drugs', { name: NAME });
    const itemId = await created(page, '/stock-items', { name: NAME, drug_id: drugId, unit: 'box', reorder_level: 3 });
    await created(page, '/stock-movements', { stock_item_id: itemId, kind: 'in', quantity: 5, date: dayjs().format('YYYY-MM-DD') });
    const patientId = await created(page, '/patients', { name: `Patient ${NAME}`, gender: 1 });
    await created(page, '/visitings', { patient_id: patientId, physician_diagnosis: 'Otitis', prescriptions: [{ drug_id: drugId, dose: '1' }] });

    // The picker of a new prescription line names the stock beside the drug.
    await page.goto(url(`/patients/${patientId}/visitings`));
    await page.getByTestId('walk-in-visit').click();
    await page.getByTestId('rx-add').click();
    await page.locator('#rx-0-drug').fill(NAME);
    const inStock = ckb.clinic.inStock.replace('{{stock}}', '5 box');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: inStock }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(url(`/patients/${patientId}/visitings`));

    // Dispensing 2 of the 5 from the saved visit's line, with a hurried double-click: taken once.
    await page.locator('.ant-collapse-header', { hasText: 'Otitis' }).locator('.ant-collapse-header-text').click();
    // The visit's row of buttons (open, print, letters, order tests, edit, delete) wraps on a phone:
    // the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await clickUntilShown(page.getByTestId('rx-dispense-0'), page.locator('#rx-0-dispense-quantity'));
    // Typed on an Arabic-script keyboard: ٢ is 2 (antd's own number input read nothing and kept Dispense off).
    await page.locator('#rx-0-dispense-quantity').fill('٢');
    await page.getByTestId('rx-dispense-ok-0').dblclick();
    await page.getByText(ckb.clinic.dispensed).first().waitFor();
    // The form stays busy until the stock is read again, then closes (a tap meanwhile did nothing).
    await page.locator('#rx-0-dispense-quantity').waitFor({ state: 'hidden' });
    // Four more are refused: three are left, said in Kurdish on the spot.
    await clickUntilShown(page.getByTestId('rx-dispense-0'), page.locator('#rx-0-dispense-quantity'));
    await page.locator('#rx-0-dispense-quantity').fill('4');
    await page.getByTestId('rx-dispense-ok-0').click();
    const refusal = ckb.validation.notEnoughStock.replace('{{stock}}', '3').replace('{{unit}}', 'box');
    await expect.poll(() => page.getByTestId('rx-dispense-error-0').innerText()).toBe(refusal);

    // The item's page shows the lower stock; the dashboard warns of it.
    await page.goto(url(`/stock/items/show/${itemId}`));
    const stockCell = page.locator('.ant-descriptions-item-label', { hasText: ckb.resources.stockItems.fields.stock }).locator('xpath=following-sibling::*[1]');
    await expect.poll(() => stockCell.innerText()).toBe('3');
    await page.goto(url('/dashboard'));
    const warning = page.getByTestId(`stock-alert-${itemId}`);
    await expect.poll(() => warning.innerText()).toContain(ckb.clinic.stockLeft.replace('{{stock}}', '3 box').replace('{{level}}', '3'));
    expect(await page.getByTestId('stock-low').innerText()).toContain(ckb.clinic.lowStock);
    await screenshot(page, 'stock-dashboard-warning');
  });
});

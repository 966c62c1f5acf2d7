// Lab orders and results (issue 40), in Kurdish at 390 px, one signed-in page throughout: the
// doctor orders a haemoglobin test from a visit's "Order lab tests" (the form comes with the patient
// and the visit), prints the order form (under the letterhead, with its verification code), types
// the result in Arabic-Indic digits, and sees it flagged high for this woman, with the trend above.
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, kurdishSessions, screenshot, waitForPath, waitForPrint } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
const PATIENT = `Lab Order ${Date.now().toString(36)}`;
const TEST = 'Haemoglobin (Hb)';

const signedIn = kurdishSessions(CLINIC);

describe('a lab order from a visit, printed, its result typed and flagged', () => {
  it('goes from the visit to the printed form and a flagged result', async () => {
    const page = await signedIn('doctor', 390);
    const patient = await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: PATIENT, gender: 1, date_of_birth: '1990-05-01' } });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    const patientId = patient.body.data.id;
    const visit = await api<{ data: { id: number } }>(page, '/visitings', { method: 'POST', body: { patient_id: patientId, physician_diagnosis: 'Fatigue' } });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);

    // From the visit: the order's form, its patient and visit given.
    await page.goto(url(`/patients/${patientId}/visitings`));
    await page.getByTestId(`visit-lab-order-${visit.body.data.id}`).click();
    await page.waitForURL((u) => u.pathname === '/labOrders/create' && u.searchParams.get('visiting_id') === String(visit.body.data.id));
    await page.locator('#field-tests').click();
    await page.locator('#field-tests').fill('Haemo');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: TEST }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: ckb.buttons.save }).click();
    await waitForPath(page, `/patients/${patientId}/labs/orders`);
    const orders = await api<{ data: { id: number; tests: { name: string }[] }[] }>(page, `/lab-orders?filter[patient_id]=${patientId}`);
    expect(orders.body.data.map((o) => o.tests.map((l) => l.name))).toEqual([[TEST]]);
    const orderId = orders.body.data[0].id;

    // Printed on its page: the form with the test, under the letterhead, with its QR code.
    await page.goto(url(`/labOrders/show/${orderId}`));
    await page.getByTestId('lab-order-print').click();
    await waitForPrint(page);
    const sheet = page.getByTestId('print-lab-order');
    await expect.poll(() => sheet.getByTestId('lab-order-test').allInnerTexts()).toEqual([TEST]);
    expect(await sheet.getAttribute('lang')).toBe('ckb');
    expect(await sheet.innerText()).toContain(ckb.labOrders.formTitle);
    await sheet.getByTestId('print-letterhead').waitFor({ state: 'attached' });
    expect(String(await sheet.getByTestId('print-verify').getAttribute('data-url'))).toMatch(/\/verify\/\d+\.[A-Za-z0-9_-]{22}$/);

    // The result, typed in Arabic-Indic digits: 16 is above this woman's 12–15.5.
    const results = await api<{ data: { id: number }[] }>(page, `/lab-results?filter[lab_order_id]=${orderId}`);
    await page.goto(url(`/labResults/edit/${results.body.data[0].id}`));
    await page.locator('#field-value').fill('١٦');
    await page.getByRole('button', { name: ckb.buttons.save }).click();
    await waitForPath(page, `/patients/${patientId}/labs/results`);
    const row = page.locator('.ant-table-row', { hasText: '12–15.5' });
    await row.getByText(ckb.labResults.flags.high).waitFor();
    await page.getByTestId('lab-trend').getByTestId('chart').waitFor();
    await screenshot(page, 'lab-result-flagged');
  });
});

// Lab orders and results (issue 40), in Kurdish at 390 px, one signed-in page throughout: the
// doctor orders a haemoglobin and a pregnancy test from a visit's "Order lab tests" (the form comes
// with the patient and the visit), prints the order form (under the letterhead, with its
// verification code), types both results on the order's one screen (haemoglobin in Arabic-Indic
// digits, flagged high for this woman as typed; "Positive", flagged abnormal), saves them at once,
// prints the results in Kurdish, and sees them in the chart, with the trend above. Then the catalog's
// form: a new test with its range for men and for women over an age, and its price, typed in
// Arabic-Indic digits.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { LAB_TESTS } from '../../src/server/db/seed-labs';
import { axeFailures } from './axe';
import { api, baseUrl, kurdishSessions, screenshot, submitUntilSent, waitForPath, waitForPrint } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
const PATIENT = `Lab Order ${Date.now().toString(36)}`;
const TEST = 'Haemoglobin (Hb)';
const TEXT_TEST = 'Pregnancy test (urine hCG)';
// Their names on a Kurdish sheet, the catalog's own name below each.
const kurdish = (name: string) => `${LAB_TESTS.find((x) => x.name === name)!.ckb}${name}`;

const signedIn = kurdishSessions(CLINIC);

describe('a lab order from a visit, printed, its result typed and flagged', () => {
  let page: Page;
  // One signed-in page for the file (made here: a test's pages close when it ends).
  beforeAll(async () => {
    page = await signedIn('doctor', 390);
  });

  it('goes from the visit to the printed form and a flagged result', async () => {
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
    await page.locator('#field-tests').fill('Pregn');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: TEXT_TEST }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: ckb.buttons.save }).click();
    await waitForPath(page, `/patients/${patientId}/labs/orders`);
    const orders = await api<{ data: { id: number; tests: { name: string }[] }[] }>(page, `/lab-orders?filter[patient_id]=${patientId}`);
    expect(orders.body.data.map((o) => o.tests.map((l) => l.name))).toEqual([[TEST, TEXT_TEST]]);
    const orderId = orders.body.data[0].id;

    // Printed on its page: the form with the test, under the letterhead, with its QR code.
    await page.goto(url(`/labOrders/show/${orderId}`));
    await page.getByTestId('lab-order-print').click();
    await waitForPrint(page);
    const sheet = page.getByTestId('print-lab-order');
    await expect.poll(() => sheet.getByTestId('lab-order-test').allTextContents()).toEqual([kurdish(TEST), kurdish(TEXT_TEST)]);
    expect(await sheet.getAttribute('lang')).toBe('ckb');
    expect(await sheet.innerText()).toContain(ckb.labOrders.formTitle);
    await sheet.getByTestId('print-letterhead').waitFor({ state: 'attached' });
    expect(String(await sheet.getByTestId('print-verify').getAttribute('data-url'))).toMatch(/\/verify\/\d+\.[A-Za-z0-9_-]{22}$/);

    // Both results on the order's one screen: each flagged as typed (16 is above this woman's
    // 12–15.5; "Positive" is not the test's normal "Negative"), then saved at once.
    const entry = page.getByTestId('lab-results-entry');
    const rowOf = (name: string) => entry.locator('.ant-table-row', { hasText: name });
    await rowOf(TEST).locator('input').fill('١٦');
    await rowOf(TEST).getByText(ckb.labResults.flags.high).waitFor();
    await rowOf(TEXT_TEST).locator('input').fill('Positive');
    await rowOf(TEXT_TEST).getByText(ckb.labResults.flags.abnormal).waitFor();
    await page.getByTestId('lab-results-save').click();
    await page.getByText(ckb.labResults.saved).waitFor();
    const saved = await api<{ data: { lab_test_id: number; value: string | null; value_text: string | null; flag: string | null }[] }>(page, `/lab-results?filter[lab_order_id]=${orderId}`);
    expect(saved.body.data.map((r) => [r.value === null ? null : Number(r.value), r.value_text, r.flag]).sort()).toEqual([[16, null, 'high'], [null, 'Positive', 'abnormal']].sort());

    // The results printed in the patient's language, under the letterhead, each test by its Kurdish name.
    const printedBefore = await page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);
    await page.getByTestId('lab-results-print').click();
    await page.waitForFunction((n) => ((window as unknown as { printed?: number }).printed ?? 0) > n, printedBefore);
    const results = page.getByTestId('print-lab-results');
    expect(await results.getAttribute('lang')).toBe('ckb');
    await results.getByTestId('print-letterhead').waitFor({ state: 'attached' });
    expect(await results.innerText()).toContain(ckb.labResults.sheetTitle);
    const printedRows = () => results.getByTestId('lab-results-row').allTextContents();
    await expect.poll(printedRows).toEqual([expect.stringContaining(`${kurdish(TEST)}16g/dL12–15.5${ckb.labResults.flags.high}`), expect.stringContaining(`${kurdish(TEXT_TEST)}PositiveNegative${ckb.labResults.flags.abnormal}`)]);

    // In the patient's chart: the flagged result and the trend.
    await page.goto(url(`/patients/${patientId}/labs/results`));
    const row = page.locator('.ant-table-row', { hasText: '12–15.5' });
    await row.getByText(ckb.labResults.flags.high).waitFor();
    await page.getByTestId('lab-trend').getByTestId('chart').waitFor();
    await screenshot(page, 'lab-result-flagged');
  });
  it('the catalog takes a new test with its ranges by sex and age and its price, typed in Arabic-Indic digits', async () => {
    const name = `Ferritin ${Date.now().toString(36)}`;
    const price = await api<{ data: { id: number } }>(page, '/prices', { method: 'POST', body: { name: `${name} price`, price: 12000 } });
    expect(price.status, JSON.stringify(price.body)).toBe(201);
    await page.goto(url('/categories/lab-tests/create'));
    await page.locator('#field-name').fill(name);
    await page.locator('#field-unit').fill('ng/mL');
    await page.locator('#field-low').fill('١٥');
    await page.locator('#field-high').fill('٤٠٠');
    // Men from 18 on, then women from 18 to 50: each a row of the ranges' list.
    const bands = [[ckb.enums.gender['0'], '١٨', '', '٣٠', '٤٠٠'], [ckb.enums.gender['1'], '١٨', '٥٠', '١٥', '١٥٠']];
    for (const [index, [sex, from, to, low, high]] of bands.entries()) {
      await page.getByTestId('list-ranges-add').click();
      await page.locator(`#field-ranges-${index}-sex`).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: sex }).click();
      // Closed before the next row's opens: a closing list stays visible for its half-second motion,
      // and two lists would each offer the same sex.
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      await page.locator(`#field-ranges-${index}-age_from`).fill(from);
      if (to) await page.locator(`#field-ranges-${index}-age_to`).fill(to);
      await page.locator(`#field-ranges-${index}-low`).fill(low);
      await page.locator(`#field-ranges-${index}-high`).fill(high);
    }
    // Each input is named by its label (the catalog's Kurdish field names).
    await expect(page.getByLabel(ckb.resources.labTests.fields.age_to).count()).resolves.toBe(2);
    expect(await axeFailures(page, '[data-testid="list-ranges"]')).toEqual([]);
    await page.locator('#field-price_id').click();
    await page.locator('#field-price_id').fill(name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `${name} price` }).click();
    const answer = await submitUntilSent(page, page.getByRole('button', { name: ckb.buttons.save }), 'POST', '/api/v1/lab-tests');
    expect(answer.status()).toBe(201);
    const id = ((await answer.json()) as { data: { id: number } }).data.id;
    const saved = (await api<{ data: Record<string, unknown> }>(page, `/lab-tests/${id}`)).body.data;
    expect([saved.name, saved.unit, Number(saved.low), Number(saved.high), saved.price_id]).toEqual([name, 'ng/mL', 15, 400, price.body.data.id]);
    expect((saved.ranges as Record<string, unknown>[]).map((r) => [r.sex, r.age_from, r.age_to, Number(r.low), Number(r.high)])).toEqual([[0, 18, null, 30, 400], [1, 18, 50, 15, 150]]);
  });
});

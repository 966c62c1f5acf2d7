// Issue 17 in Kurdish, at 1440 and 390 px: left-to-right tokens keep their order inside
// right-to-left text on screen and on the printed prescription (blood group AB+, a dose 5 mg,
// dates); inputs take the direction of their field whatever the interface language; money is
// shown in the clinic's currency (dinars by default, grouped, no decimals), which its Main Doctor
// changes in the settings; count charts tick on whole numbers, mirrored in right-to-left.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, baseUrl, drawnOrder, isRerun, kurdishPages, leftToRight, login, screenshot, waitForPath, waitForPrint } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string, host = CLINIC) => `${baseUrl(host)}${path}`;
const MARKS = /[\u200e\u200f\u2066-\u2069\u061c\u00a0]/g;
const plain = (text: string) => text.replace(MARKS, ' ').replace(/\s+/g, ' ').trim();

const newPage = kurdishPages();

async function signedIn(host: string, user: string, width: number, lang = 'ckb'): Promise<Page> {
  const page = await newPage({ width, lang });
  await login(page, host, user);
  await waitForPath(page, '/dashboard');
  return page;
}

describe('left-to-right tokens inside Kurdish', () => {
  let patientId = 0;
  let visitId = 0;

  it('a blood group, a dose and dates keep their order on the patient page, at 1440 and 390 px', async () => {
    const page = await signedIn(CLINIC, 'doctor', 1440);
    const drugs = (await api<{ data: { id: number }[] }>(page, '/drugs?per_page=1')).body;
    const patient = (await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: `Bidi ${Date.now()}`, gender: 1, blood_group: 4, national_id: 'AB-12345/7' } })).body;
    patientId = patient.data.id;
    const visit = (await api<{ data: { id: number } }>(page, '/visitings', { method: 'POST', body: {
      patient_id: patientId,
      date: '2025-01-02',
      physician_diagnosis: 'هەوکردنی قورگ',
      prescriptions: [{ drug_id: drugs.data[0].id, dose: '5 mg', frequency: '3 × 1', duration: '7 ڕۆژ' }],
    } })).body;
    visitId = visit.data.id;

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto(url(`/patients/${patientId}/visitings`));
      const blood = page.getByTestId('patient-blood-group').locator('bdi');
      await expect.poll(() => blood.innerText()).toBe('AB+');
      expect(await blood.getAttribute('dir')).toBe('ltr');
      expect(await blood.evaluate((el) => [getComputedStyle(el).unicodeBidi, getComputedStyle(el).direction])).toEqual(['isolate', 'ltr']);
      expect(leftToRight(await drawnOrder(page, '[data-testid="patient-blood-group"]', 'AB+')), 'AB+ drawn as +AB').toBe(true);

      // The visit's date in the history, and the dose in its prescription table.
      const panel = page.getByTestId('visit-history').locator('.ant-collapse-item').first();
      if (!(await panel.getAttribute('class'))?.includes('ant-collapse-item-active')) await panel.locator('.ant-collapse-header-text').click();
      const dose = page.getByTestId('visit-history').locator('td bdi', { hasText: '5 mg' });
      await dose.waitFor();
      expect(await dose.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
      expect(leftToRight(await drawnOrder(page, '[data-testid="visit-history"] .ant-table', '5 mg'))).toBe(true);
      expect(leftToRight(await drawnOrder(page, '[data-testid="visit-history"] .ant-collapse-header', '2025-01-02'))).toBe(true);
      await screenshot(page, `i17b-patient-${width}`, { fullPage: true });
    }
  });

  it('the printed Kurdish prescription shows 5 mg, not mg 5', async () => {
    expect(visitId).toBeGreaterThan(0);
    const page = await signedIn(CLINIC, 'doctor', 1440);
    await page.goto(url(`/patients/${patientId}/visitings`));
    await page.getByTestId(`print-${visitId}`).click();
    const sheet = page.getByTestId('print-prescription');
    await expect.poll(() => sheet.getAttribute('dir')).toBe('rtl');
    await waitForPrint(page);
    await page.emulateMedia({ media: 'print' });
    const dose = sheet.getByTestId('rx-dose').locator('bdi');
    expect(await dose.innerText()).toBe('5 mg');
    expect(await dose.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
    expect(leftToRight(await drawnOrder(page, '[data-testid="print-prescription"] [data-testid="rx-dose"]', '5 mg')), 'the dose printed as mg 5').toBe(true);
    expect(leftToRight(await drawnOrder(page, '[data-testid="print-prescription"] header', '2025-01-02'))).toBe(true);
    await screenshot(page, 'i17b-prescription-print');
    // The sheet as Chromium prints it (A5, print CSS): a PDF holding the dose in order.
    const pdf = await page.pdf({ path: '/tmp/i17b-prescription.pdf', preferCSSPageSize: true, printBackground: true });
    expect(pdf.byteLength).toBeGreaterThan(1000);
    await page.emulateMedia({ media: 'screen' });
  });

  it('inputs take their field direction whatever the interface language', async () => {
    for (const lang of ['ckb', 'en']) {
      const page = await signedIn('localhost', 'owner', 1440, lang);
      await page.goto(url('/plans/create', 'localhost'));
      await page.locator('#field-type_en').waitFor();
      expect([lang, await page.locator('#field-type_en').getAttribute('dir'), await page.locator('#field-type_ar').getAttribute('dir'), await page.locator('#field-type_ckb').getAttribute('dir')]).toEqual([lang, 'ltr', 'rtl', 'rtl']);
      // Typed Kurdish in the Kurdish field reads from the right even in the English interface.
      await page.locator('#field-type_ckb').fill('پلانی نوێ');
      expect(await page.locator('#field-type_ckb').evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    }
    const clinic = await signedIn(CLINIC, 'doctor', 390);
    await clinic.goto(url('/users/create'));
    await clinic.locator('#field-username').waitFor();
    expect(await clinic.locator('#field-username').getAttribute('dir')).toBe('ltr');
    expect(await clinic.locator('#field-email').getAttribute('dir')).toBe('ltr');
    expect(await clinic.locator('#field-phone').getAttribute('dir')).toBe('ltr');
    // A free-text field keeps the page's direction (an empty one's caret on the right).
    expect(await clinic.locator('#field-name').getAttribute('dir')).toBeNull();
    expect(await clinic.locator('#field-name').evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    // Once typed, free text runs its own way: Latin left to right, Kurdish right to left.
    await clinic.locator('#field-name').fill('Dr. Karwan 2');
    expect(await clinic.locator('#field-name').evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
    await clinic.locator('#field-name').fill('د. کاروان');
    expect(await clinic.locator('#field-name').evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    // The prescription's dose as it is typed: "400 mg", not "mg 400"; a Kurdish dose from the right.
    const patients = (await api<{ data: { id: number }[] }>(clinic, '/patients?per_page=1')).body;
    await clinic.goto(url(`/patients/${patients.data[0].id}/visitings`));
    await clinic.getByTestId('walk-in-visit').click();
    await clinic.getByTestId('rx-add').click();
    const dose = clinic.locator('#rx-0-dose');
    expect(await dose.evaluate((el) => el.matches(':dir(rtl)')), 'an empty dose keeps the page direction').toBe(true);
    for (const [typed, ltr] of [['400', true], ['400 mg', true], ['٤٠٠ ملغم', false]] as const) {
      await dose.fill(typed);
      expect([typed, await dose.evaluate((el) => el.matches(':dir(ltr)'))]).toEqual([typed, ltr]);
    }
  });
});

describe('money in the clinic currency (Kurdish)', () => {
  afterAll(async () => {
    // Whatever happened above, the clinic goes back to dinars for the other test files.
    const page = await signedIn(CLINIC, 'doctor', 1440);
    await api(page, '/settings/clinic', { method: 'PUT', body: { currency: 'IQD' } });
  });

  it('is dinars by default, grouped without decimals, and follows the setting at once, at 1440 and 390 px', async ({ task }) => {
    const page = await signedIn(CLINIC, 'doctor', 1440);
    // Run again: the first run may have left dollars chosen.
    if (isRerun(task)) {
      await api(page, '/settings/clinic', { method: 'PUT', body: { currency: 'IQD' } });
      await page.reload();
    }
    const money = page.getByTestId('month-money');
    await money.locator('.ant-statistic-content').first().waitFor();
    const shown = plain(await money.locator('.ant-statistic-content').first().innerText());
    // Latin digits as every other number on screen, grouped, no fraction, the dinar sign.
    expect(shown).toMatch(/^-?\d{1,3}(,\d{3})* د\.ع\.$/);

    await page.goto(url('/accounting/incomes'));
    const cell = page.locator('.ant-table-row [data-currency]').first();
    await cell.waitFor();
    expect(await cell.getAttribute('data-currency')).toBe('IQD');
    // The newest income may be a refund (another file's, on this server): negative, as written.
    expect(plain(await cell.innerText())).toMatch(/^-?\d{1,3}(,\d{3})* د\.ع\.$/);
    await screenshot(page, 'i17b-incomes-1440');

    // The Main Doctor chooses dollars under Settings -> Profile.
    await page.goto(url('/settings/profile'));
    await page.getByTestId('clinic-currency').locator('.ant-select').click();
    await page.getByTestId('currency-USD').click();
    await expect.poll(async () => (await api<{ data: { currency: string } }>(page, '/settings/clinic')).body.data.currency).toBe('USD');
    await screenshot(page, 'i17b-currency-setting-1440');

    // Another staff member's screens, on a phone, show dollars from their next load.
    const secretary = await signedIn(CLINIC, 'secretary', 390);
    await secretary.goto(url('/appointments'));
    await secretary.goto(url('/patients'));
    const doctorIncomes = page;
    await doctorIncomes.goto(url('/accounting/incomes'));
    const usd = doctorIncomes.locator('.ant-table-row [data-currency]').first();
    await expect.poll(() => usd.getAttribute('data-currency')).toBe('USD');
    expect(plain(await usd.innerText())).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{2})? US\$$/);
    await doctorIncomes.setViewportSize({ width: 390, height: 844 });
    await screenshot(doctorIncomes, 'i17b-incomes-usd-390');

    // Amount inputs carry the sign and group thousands as typed.
    await doctorIncomes.goto(url('/accounting/incomes/create'));
    const amount = doctorIncomes.locator('#field-amount');
    await amount.fill('25000');
    expect(await amount.inputValue()).toBe('25,000');
    expect(await doctorIncomes.locator('.ant-input-number-suffix').first().innerText()).toContain('US$');

    await api(page, '/settings/clinic', { method: 'PUT', body: { currency: 'IQD' } });
  });

  it('plan prices on the platform page are in the platform currency', async () => {
    const page = await newPage({ width: 390 });
    await page.goto(url('/', 'localhost'));
    const price = page.getByTestId('plan-price').first();
    await price.waitFor();
    expect(plain(await price.innerText())).toMatch(/^\d{1,3}(,\d{3})* US\$$/);
    expect(leftToRight(await drawnOrder(page, '[data-testid="plan-price"]', 'US$')), 'the sign drawn as $US').toBe(true);
  });
});

describe('count charts (Kurdish)', () => {
  it('tick on whole numbers and read from the right: the value axis on the right', async () => {
    const page = await signedIn('localhost', 'owner', 1440);
    const chart = page.locator('[data-testid="chart-city"] [data-chart] > div');
    await chart.waitFor();
    type Label = { text: string; x: number };
    const drawn = async (): Promise<{ labels: Label[]; width: number } | null> =>
      chart.evaluate((el) => {
        type Node = { style: { text?: unknown }; getBounds(): { min: number[]; max: number[] } };
        const kept = (el as HTMLElement & { drawnChart?: { chart?: { getContext(): { canvas?: { document: { getElementsByClassName(name: string): Node[] } } } } } }).drawnChart;
        const doc = kept?.chart?.getContext().canvas?.document;
        if (!doc) return null;
        const labels = doc.getElementsByClassName('axis-label-item').map((n) => ({ text: String(n.style.text ?? ''), x: (n.getBounds().min[0] + n.getBounds().max[0]) / 2 }));
        return labels.length ? { labels, width: el.getBoundingClientRect().width } : null;
      });
    await expect.poll(drawn).not.toBeNull();
    const { labels, width } = (await drawn())!;
    const values = labels.filter((l) => /^\d+(\.\d+)?$/.test(l.text));
    const categories = labels.filter((l) => !/^\d+(\.\d+)?$/.test(l.text));
    expect(values.length).toBeGreaterThan(1);
    expect(values.every((l) => Number.isInteger(Number(l.text))), values.map((l) => l.text).join(' ')).toBe(true);
    // The value axis on the right side of the chart, every category to its left.
    expect(Math.min(...values.map((l) => l.x))).toBeGreaterThan(width / 2);
    expect(Math.max(...categories.map((l) => l.x))).toBeLessThan(Math.min(...values.map((l) => l.x)));
    await screenshot(page.getByTestId('chart-city'), 'i17b-chart-city-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('chart-city').scrollIntoViewIfNeeded();
    await screenshot(page, 'i17b-dashboard-390');
  });
});

// Clinic journeys in Kurdish (the default language) on demo.localhost: booking for a new patient,
// the visit with a prescription and a payment reaching accounting, vital signs with BMI, the
// permission matrix, and screens and calls refused without a permission. The tests run in order:
// the doctor's visit is on the appointment the secretary booked, then corrected from the patient's page.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { localDay } from '../../src/server/days';
import { api, baseUrl, countPrints, launch, isRerun, login, onRerun, stamp, submitUntilSent, waitForPath, waitForPrint } from './browser';
import { note } from './diagnostics';

const HOST = 'demo.localhost';
const url = (path: string) => `${baseUrl(HOST)}${path}`;
// A retried test makes records of its own: the booking a new patient of its own, at another late
// time (the first run's holds its slot); the nurse's vital signs and disease other values, so that
// the row looked for is one. The later tests follow the last run's patient and booking.
let patientName = `Hêro Azad ${stamp()}`;
let rerun = 0;
onRerun(() => {
  patientName = `Hêro Azad ${stamp()}`;
  rerun++;
});
const WAITING = 'چاوەڕوان';
const DONE = 'تەواوبوو';
const NAV_COMMON_DISEASES = 'نەخۆشییە باوەکان';

async function kurdishContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
  await countPrints(context);
  context.setDefaultTimeout(15_000);
  return context;
}

/** The logged-in API answer for a path (same origin, the page's stored token). */
async function apiStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api/v1${p}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, Accept: 'application/json' } });
    return res.status;
  }, path);
}

async function apiJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api/v1${p}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, Accept: 'application/json' } });
    return (await res.json()) as T;
  }, path);
}

async function signIn(page: Page, user: string): Promise<void> {
  await login(page, HOST, user);
  await waitForPath(page, '/dashboard');
  await page.getByTestId('dashboard').waitFor();
}

describe('clinic journeys (Kurdish)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let appointmentId = 0;
  let patientId = 0;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await kurdishContext(browser);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('the secretary books an appointment for a new patient and moves it to Waiting', async () => {
    await signIn(page, 'secretary');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.goto(url('/appointments'));
    await page.getByTestId('appointment-create').click();
    await waitForPath(page, '/appointments/create');
    await page.getByTestId('quick-patient').click();
    await page.locator('#quick-name').fill(patientName);
    await page.locator('#quick-gender').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'مێ' }).click();
    await page.locator('#quick-phone').fill(`0750${Date.now().toString().slice(-7)}`);
    await page.getByRole('dialog').getByRole('button', { name: 'پاشەکەوتکردن' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('.ant-select-selection-item', { hasText: patientName }).waitFor();
    await page.locator('#field-time').click();
    // Late, clear of the demo's bookings; a rerun's (at most one per test) before the first run's.
    const [at, clash] = rerun ? ['23:10', '23:15'] : ['23:35', '23:40'];
    await page.locator('#field-time').fill(at);
    await page.locator('#field-time').press('Enter');
    await page.getByTestId('appointment-save').click();
    // The patient has a phone and no transport is configured: a booking still to come offers to send
    // its confirmation (today's evening, unless this machine's day is already past the clinic's): later.
    const later = page.getByTestId('send-later');
    await expect.poll(async () => new URL(page.url()).pathname === '/appointments' || (await later.isVisible())).toBe(true);
    if (await later.isVisible()) await later.click();
    await waitForPath(page, '/appointments');

    const row = page.locator('.ant-table-row').filter({ hasText: patientName });
    await row.waitFor();
    const testId = await row.locator('[data-testid^="appointment-row-"]').getAttribute('data-testid');
    appointmentId = Number(testId?.replace('appointment-row-', ''));
    expect(appointmentId).toBeGreaterThan(0);
    patientId = (await apiJson<{ data: { patient_id: number } }>(page, `/appointments/${appointmentId}`)).data.patient_id;
    await page.getByTestId(`move-${appointmentId}-1`).click();
    await row.locator('.ant-tag', { hasText: WAITING }).waitFor();

    // The same slot again: the overlap is shown on the time field, in Kurdish.
    await page.getByTestId('appointment-create').click();
    await page.locator('#field-patient_id').click();
    await page.locator('#field-patient_id').fill(patientName);
    await page.locator('.ant-select-item-option').filter({ hasText: patientName }).click();
    await page.locator('#field-time').click();
    await page.locator('#field-time').fill(clash);
    await page.locator('#field-time').press('Enter');
    await page.getByTestId('appointment-save').click();
    await page.locator('.ant-form-item-has-error').filter({ has: page.locator('#field-time') }).getByText(at).waitFor();
    expect(new URL(page.url()).pathname).toBe('/appointments/create');
  });

  it('the doctor records the visit with a prescription and a payment, and the income reaches accounting', async () => {
    expect(appointmentId).toBeGreaterThan(0);
    await signIn(page, 'doctor');
    // A rerun's visit is on a booking of its own, waiting today (the first run's may be done).
    if (rerun) {
      const me = (await api<{ doctors: { id: number; role: number }[] }>(page, '/dashboard/doctors')).body.doctors.find((d) => d.role === 0)!;
      patientId = (await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: patientName, gender: 1 } })).body.data.id;
      const body = { patient_id: patientId, doctor_id: me.id, date: localDay(new Date()).format('YYYY-MM-DD'), time: `22:${String(5 * rerun).padStart(2, '0')}`, duration_minutes: 5 };
      const booked = await api<{ data: { id: number } }>(page, '/appointments', { method: 'POST', body });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      appointmentId = booked.body.data.id;
      expect((await api(page, `/appointments/${appointmentId}`, { method: 'PATCH', body: { status: 1 } })).status).toBe(200);
      await page.reload();
    }
    // The name arrives with a second request (the patients of the queue), after the item itself.
    await page.getByTestId('queue-1').getByTestId(`queue-item-${appointmentId}`).getByText(patientName).waitFor();
    await page.getByTestId(`open-visit-${appointmentId}`).click();
    await waitForPath(page, `/visitings/${appointmentId}/new`);
    await page.getByTestId('patient-name').getByText(patientName).waitFor();

    await page.locator('#visit-chief_complaint').fill('کۆکە و تا');
    await page.locator('#visit-physician_diagnosis').fill('هەوکردنی قورگ');
    await page.getByTestId('rx-add').click();
    // The first drug offered. Its label grows the stock's word once that arrives (a second read),
    // redrawing the options: on a loaded machine a click landing in that redraw chose nothing, and
    // Save then stopped on "required" (CI, 02:42 UTC). Chosen again until the field shows it.
    let drug = '';
    const chosen = page.getByTestId('rx-row-0').locator('.ant-select-selection-item');
    for (let attempt = 0; attempt < 3 && !drug; attempt++) {
      await page.locator('#rx-0-drug').click();
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
      const name = (await option.innerText()).split(' · ')[0].trim();
      await option.click();
      try {
        await expect.poll(() => chosen.innerText().catch(() => ''), { timeout: 3000 }).toContain(name);
        drug = name;
      } catch {
        note(`the drug option clicked was not chosen (attempt ${attempt + 1})`);
      }
    }
    expect(drug).not.toBe('');
    await page.locator('#rx-0-dose').fill('500 mg');
    await page.locator('#rx-0-frequency').fill('3×');
    await page.locator('#rx-0-duration').fill('5 ڕۆژ');
    await page.locator('#visit-fee').fill('25000');
    // 20,000 of the 25,000 paid now: a row of the ledger with its receipt, and its income.
    await page.locator('#visit-payment').fill('20000');
    // The amount is formatted when the field loses focus (a re-render): done before Save is
    // pressed, so the click lands on the button drawn after it.
    await page.locator('#visit-payment').blur();
    // (On a loaded machine the click could come before that re-render and be lost with the old button.)
    await expect.poll(() => page.locator('#visit-payment').inputValue()).toBe('20,000');
    // The save, its payment and the booking's move are one request: slower on a loaded machine.
    const answer = await submitUntilSent(page, page.getByTestId('visit-save'), 'POST', '/api/v1/visitings');
    expect(answer.status(), await answer.text()).toBe(201);
    await page.getByTestId('print-visit').click({ timeout: 30_000 });
    const sheet = page.getByTestId('print-prescription');
    await sheet.getByText(drug).waitFor({ state: 'attached' });
    expect(await sheet.getAttribute('dir')).toBe('rtl');
    expect(await sheet.isVisible()).toBe(false); // only on paper
    await page.emulateMedia({ media: 'print' });
    expect(await sheet.innerText()).toContain(patientName);
    expect(await sheet.innerText()).toContain('هەوکردنی قورگ');
    await page.emulateMedia({ media: 'screen' });
    await waitForPrint(page);

    await expect.poll(async () => (await apiJson<{ data: { status: number } }>(page, `/appointments/${appointmentId}`)).data.status).toBe(6);

    await page.goto(url('/accounting/incomes'));
    const income = page.locator('.ant-table-row').filter({ hasText: patientName });
    await income.waitFor();
    const amount = await page.evaluate(() => (20000).toLocaleString('ckb', { maximumFractionDigits: 2 }));
    expect(await income.innerText()).toContain(amount);

    await page.goto(url('/accounting/result'));
    // The twelve month rows show zeros until the figures arrive: wait for the total to fill in.
    await page.getByTestId('result-table').locator('.ant-table-row').nth(11).waitFor();
    await expect.poll(() => page.getByTestId('total-incomes').innerText()).not.toBe('0');

    await page.goto(url(`/visitings/${appointmentId}/old`));
    await page.getByTestId('visit-history').getByText('هەوکردنی قورگ').waitFor();
    await page.goto(url('/appointments'));
    await page.locator('.ant-table-row').filter({ hasText: patientName }).locator('.ant-tag', { hasText: DONE }).waitFor();
  });

  it("the doctor corrects the visit from the patient's page, prints it in Arabic, and records and deletes a walk-in visit", async ({ task }) => {
    expect(patientId).toBeGreaterThan(0);
    await signIn(page, 'doctor');
    // Run again, it corrects a visit of its own (the first run's may be corrected and paid): a
    // patient of its own, the same diagnosis and drug line, 20,000 of 25,000 paid.
    if (isRerun(task)) {
      const drugId = (await api<{ data: { id: number }[] }>(page, '/drugs?per_page=1')).body.data[0].id;
      patientId = (await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: patientName, gender: 1 } })).body.data.id;
      const body = { patient_id: patientId, fee: 25000, payment: 20000, chief_complaint: 'کۆکە و تا', physician_diagnosis: 'هەوکردنی قورگ', prescriptions: [{ drug_id: drugId, dose: '500 mg' }] };
      const made = await api(page, '/visitings', { method: 'POST', body });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    await page.goto(url(`/patients/${patientId}/visitings`));
    const history = page.getByTestId('visit-history');
    await history.getByText('هەوکردنی قورگ').waitFor();
    type Visits = { data: { id: number; appointment_id: number | null; paid_amount: string; physician_diagnosis: string }[] };
    const visitsOf = () => apiJson<Visits>(page, `/visitings?filter[patient_id]=${patientId}`);
    const [visit] = (await visitsOf()).data;

    // Edit in place: the diagnosis, and the rest paid (a second payment, a second income).
    await page.getByTestId(`visit-edit-${visit.id}`).click();
    await page.locator('.ant-drawer #visit-physician_diagnosis').fill('هەوکردنی قورگ و لووت');
    await page.locator('.ant-drawer').getByTestId('pay-rest').click();
    expect(await page.locator('.ant-drawer #visit-payment').inputValue()).toBe('5,000');
    await page.locator('.ant-drawer').getByTestId('visit-save').click();
    await page.locator('.ant-drawer').waitFor({ state: 'detached' });
    await history.getByText('هەوکردنی قورگ و لووت').waitFor();
    const incomes = await apiJson<{ data: { amount: string; visiting_id: number | null }[] }>(page, `/incomes?filter[patient_id]=${patientId}`);
    expect(incomes.data.filter((i) => i.visiting_id === visit.id).map((i) => Number(i.amount)).sort()).toEqual([20000, 5000]);

    // The same prescription printed in Arabic while the interface stays Kurdish.
    await page.getByTestId(`print-${visit.id}-lang`).click();
    await page.getByTestId(`print-${visit.id}-ar`).click();
    const sheet = page.getByTestId('print-prescription');
    await expect.poll(() => sheet.getAttribute('lang')).toBe('ar');
    expect(await sheet.getAttribute('dir')).toBe('rtl');
    await page.emulateMedia({ media: 'print' });
    expect(await sheet.innerText()).toContain('الجرعة');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ckb');

    // A walk-in visit, without an appointment, then deleted after a confirmation.
    await page.getByTestId('walk-in-visit').click();
    await page.locator('.ant-drawer #visit-chief_complaint').fill('سەردانی بێ نۆرە');
    await page.locator('.ant-drawer').getByTestId('visit-save').click();
    await page.locator('.ant-drawer').waitFor({ state: 'detached' });
    await history.getByText('سەردانی بێ نۆرە').waitFor();
    const walkIn = (await visitsOf()).data.find((v) => v.id !== visit.id);
    expect(walkIn?.appointment_id).toBeNull();
    await page.getByTestId(`visit-delete-${walkIn!.id}`).getByRole('button').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'سڕینەوە' }).click();
    await history.getByText('سەردانی بێ نۆرە').waitFor({ state: 'detached' });
    expect((await visitsOf()).data.map((v) => v.id)).toEqual([visit.id]);
  });

  it('the nurse records vital signs and sees the BMI, then notes a common disease', async () => {
    expect(patientId).toBeGreaterThan(0);
    await signIn(page, 'nurse');
    await page.getByTestId('patient-search').fill(patientName.slice(0, 12));
    await page.getByTestId(`patient-hit-${patientId}`).click();
    await page.waitForURL((u) => u.pathname === `/patients/${patientId}/visitings`);
    await page.getByTestId('patient-summary').waitFor();
    await page.getByRole('tab', { name: 'نیشانە ژیانییەکان' }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/nurses/vital-signs'));
    await page.getByTestId('vitals-trend').waitFor();
    await page.getByRole('button', { name: 'دروستکردن' }).click();
    // A rerun's weight is lower (its BMI another, still under 25: above, the trend lists it again as abnormal).
    const weight = 80 - 2 * rerun;
    await page.locator('#field-weight').fill(String(weight));
    await page.locator('#field-height').fill('180');
    await page.getByRole('button', { name: 'پاشەکەوتکردن' }).click();
    await page.waitForURL((u) => u.pathname === `/patients/${patientId}/nurses/vital-signs`);
    const bmi = await page.evaluate((value) => value.toLocaleString('ckb', { maximumFractionDigits: 2 }), Math.round((weight / 1.8 ** 2) * 10) / 10);
    await page.locator('.ant-table-row').filter({ hasText: bmi }).waitFor();
    await page.getByTestId('vitals-trend').getByText(bmi).waitFor();

    // The patient's common diseases, chosen from the clinic's catalog.
    await page.getByRole('tab', { name: NAV_COMMON_DISEASES }).click();
    await page.waitForURL((u) => u.pathname === `/patients/${patientId}/nurses/common-diseases`);
    // The address changes before React swaps the tab's list: wait until the vital signs list is
    // gone, or its Create button may take the click.
    await page.getByTestId('vitals-trend').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'دروستکردن' }).click();
    await page.waitForURL((u) => u.pathname === '/patientDiseases/create');
    await page.locator('#field-common_disease_id').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(rerun);
    const disease = (await option.innerText()).trim();
    await option.click();
    await page.getByRole('button', { name: 'پاشەکەوتکردن' }).click();
    await page.waitForURL((u) => u.pathname === `/patients/${patientId}/nurses/common-diseases`);
    await page.locator('.ant-table-row').filter({ hasText: disease }).waitFor();
  });

  it('the doctor gives a staff member a permission in the matrix', async () => {
    await signIn(page, 'doctor');
    const staff = await apiJson<{ data: { id: number; username: string }[] }>(page, '/tenantUsers?per_page=50');
    const nurse = staff.data.find((u) => u.username === 'nurse');
    expect(nurse).toBeTruthy();
    await page.goto(url(`/users/show/${nurse!.id}`));
    const box = page.getByTestId('perm-examinations-read');
    await box.waitFor();
    const before = await box.isChecked();
    await box.click();
    await page.getByTestId('perm-save').click();
    await page.getByText('مۆڵەتەکان نوێ کرانەوە').first().waitFor();
    const catalogue = await apiJson<{ permissions: { id: number; name: string; table_name: string }[] }>(page, '/permissions');
    const id = catalogue.permissions.find((p) => p.table_name === 'examinations' && p.name === 'read')!.id;
    const granted = await apiJson<{ data: { permissions: number[] } }>(page, `/permissions/user/${nurse!.id}`);
    expect(granted.data.permissions.includes(id)).toBe(!before);
    expect(await box.isChecked()).toBe(!before);
    // The role select offers only Doctor, Secretary and Nurse.
    await page.goto(url(`/users/edit/${nurse!.id}`));
    await page.locator('.ant-select-selector').filter({ has: page.locator('#field-role') }).click();
    // The dropdown opens after the click returns: read its options once they are drawn.
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    await expect.poll(() => options.count()).toBe(3);
  });

  it('staff without a permission are sent to the dashboard, told so, and refused by the API', async () => {
    await signIn(page, 'secretary');
    await page.goto(url('/accounting/result'));
    await waitForPath(page, '/dashboard');
    expect(await apiStatus(page, '/accounting')).toBe(403);
    expect(await apiStatus(page, '/incomes')).toBe(403);
    await context.close();

    context = await kurdishContext(browser);
    page = await context.newPage();
    await signIn(page, 'nurse');
    await page.goto(url('/appointments'));
    await waitForPath(page, '/dashboard');
    expect(await apiStatus(page, '/appointments')).toBe(403);
    await page.goto(url('/users'));
    await waitForPath(page, '/dashboard');
    expect(await apiStatus(page, '/permissions/user/1')).toBe(403);
  });
});

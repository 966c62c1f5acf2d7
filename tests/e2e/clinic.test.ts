// Clinic application journeys on demo.localhost (and the other clinic hosts).
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, baseUrl, login, pagePerTest, perRun, waitForPath } from './browser';
import { localDay } from '../../src/server/days';

// A retried test books 52 weeks later (same weekday): its first run's booking holds the slot.
const { day } = perRun();

describe('clinic application', () => {
  const current = pagePerTest();
  let page: Page;
  beforeEach(() => {
    page = current.page();
  });

  it('the doctor creates a patient and finds it by search', async () => {
    const name = `Shilan Test ${Date.now().toString(36)}`;
    await login(page, 'demo.localhost', 'doctor');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('app-menu').getByRole('link', { name: 'Patients' }).click();
    await waitForPath(page, '/patients');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await waitForPath(page, '/patients/create');
    await page.locator('#field-name').fill(name);
    await page.locator('#field-gender').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Female' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/patients');
    const search = page.getByPlaceholder('Search');
    await search.fill(name);
    await search.press('Enter');
    await page.waitForURL((url) => url.search.includes('q'));
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1);
    expect(await row.getByText('Female').count()).toBe(1);
  });

  it('a menu entry replaces the page at once: the previous list is never left on screen to be clicked', async () => {
    await login(page, 'demo.localhost', 'doctor');
    await waitForPath(page, '/dashboard');
    await page.goto(`${baseUrl('demo.localhost')}/patients`);
    await page.locator('.ant-table-row').first().waitFor();
    // The appointments page's code is not loaded yet: a router that waited for it would keep the
    // patients list (and its Create button) on screen meanwhile.
    const previousStays = await page.evaluate(async () => {
      const table = document.querySelector('.ant-table');
      document.querySelector<HTMLAnchorElement>('[data-testid="app-menu"] a[href="/appointments"]')?.click();
      await Promise.resolve();
      // React hides a replaced page (display: none) rather than removing it at once.
      return { moved: window.location.pathname, stays: table?.checkVisibility() };
    });
    expect(previousStays).toEqual({ moved: '/appointments', stays: false });
  });

  it('a required field is checked before sending', async () => {
    await login(page, 'demo.localhost', 'doctor');
    await waitForPath(page, '/dashboard');
    await page.goto(`${baseUrl('demo.localhost')}/patients/create`);
    await page.locator('#field-name').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/patients/create');
  });

  it('the Main Doctor sees the professional record on the profile page, and a date of birth cannot be picked in the future', async () => {
    await login(page, 'demo.localhost', 'doctor');
    await waitForPath(page, '/dashboard');
    await page.goto(`${baseUrl('demo.localhost')}/settings/profile`);
    const card = page.getByTestId('profile-professional');
    await card.getByText('Professional information').waitFor();
    await card.locator('.ant-descriptions-item-content', { hasText: /^demo$/ }).waitFor();

    await page.goto(`${baseUrl('demo.localhost')}/patients/create`);
    await page.locator('#field-date_of_birth').click();
    // The clinic's tomorrow (its day, not this machine's: a day behind after 21:00 UTC).
    const tomorrow = localDay(new Date()).add(1, 'day').format('YYYY-MM-DD');
    const cell = page.locator(`.ant-picker-dropdown:visible td[title="${tomorrow}"]`);
    // The month panel shows six weeks, so tomorrow is on it even on the last day of a month.
    expect(await cell.first().getAttribute('class')).toContain('ant-picker-cell-disabled');
    const today = page.locator('.ant-picker-dropdown:visible td.ant-picker-cell-today');
    expect(await today.getAttribute('class')).not.toContain('ant-picker-cell-disabled');
  });

  it('the nurse has no accounting, and is sent from it to the dashboard with a word saying so', async () => {
    await login(page, 'demo.localhost', 'nurse');
    await waitForPath(page, '/dashboard');
    const menu = page.getByTestId('app-menu');
    await menu.getByRole('link', { name: 'Patients' }).waitFor();
    expect(await menu.getByText('Accounting').count()).toBe(0);
    expect(await menu.getByText('Appointments').count()).toBe(0);
    await page.goto(`${baseUrl('demo.localhost')}/accounting/expenses`);
    await waitForPath(page, '/dashboard');
    await page.getByText('“Expenses” is not open to you').first().waitFor();
    await page.getByTestId('dashboard').waitFor();
    await page.goto(`${baseUrl('demo.localhost')}/accounting`);
    await waitForPath(page, '/dashboard');
  });

  it("the nurse opens a patient's vital signs", async () => {
    await login(page, 'demo.localhost', 'nurse');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('app-menu').getByRole('link', { name: 'Patients' }).click();
    await page.locator('.ant-table-row').first().waitFor();
    await page.locator('.ant-table-row').first().getByRole('button').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/patients/show/'));
    await page.getByTestId('open-area').click();
    await page.waitForURL((url) => /^\/patients\/\d+\/visitings$/.test(url.pathname));
    await page.getByRole('tab', { name: 'Vital signs' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/nurses/vital-signs'));
    await page.getByRole('columnheader', { name: 'Heart rate' }).waitFor();
  });

  it("the doctor records an allergy on the patient's tab and the safety header turns red with it; prescribing a matching drug needs a second word", async () => {
    await login(page, 'demo.localhost', 'doctor');
    await waitForPath(page, '/dashboard');
    const patient = await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: `Allergy Test ${Date.now().toString(36)}`, gender: 1 } });
    expect(patient.status).toBe(201);

    await page.goto(`${baseUrl('demo.localhost')}/patients/${patient.body.data.id}/nurses/allergies`);
    await expect.poll(() => page.getByTestId('safety-allergies').textContent()).toBe('No known allergies');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#field-substance').fill('Penicillin');
    await page.locator('#field-severity').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Life-threatening' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/patients/${patient.body.data.id}/nurses/allergies`);
    const banner = page.getByTestId('safety-allergies');
    await expect.poll(() => banner.textContent()).toContain('Penicillin · Life-threatening');
    expect(await banner.getAttribute('class')).toContain('ant-alert-error');

    // At the visit, prescribing a penicillin is stopped on its row until the doctor says they know.
    const tag = Date.now().toString(36);
    const drug = await api<{ data: { id: number } }>(page, '/drugs', { method: 'POST', body: { name: `Amoxil ${tag}`, scientific_name: 'Amoxicillin (a penicillin)' } });
    expect(drug.status).toBe(201);
    const booked = await api<{ data: { id: number } }>(page, '/appointments', { method: 'POST', body: { patient_id: patient.body.data.id, date: day('2031-03-03'), time: '08:05', duration_minutes: 5 } });
    expect(booked.status).toBe(201);
    await page.goto(`${baseUrl('demo.localhost')}/visitings/${booked.body.data.id}/new`);
    await page.getByTestId('safety-allergies').getByText('Penicillin').waitFor();
    await page.getByTestId('rx-add').click();
    await page.locator('#rx-0-drug').click();
    await page.locator('#rx-0-drug').fill(`Amoxil ${tag}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `Amoxil ${tag}` }).click();
    // Warned as soon as the drug is picked, with the allergy's severity.
    const warning = page.getByTestId('rx-allergy-0');
    await expect.poll(() => warning.textContent()).toContain(`Amoxil ${tag} matches the patient's allergy to Penicillin`);
    expect(await warning.textContent()).toContain('Life-threatening');
    await page.getByTestId('visit-save').click();
    await page.getByTestId('allergy-override').waitFor();
    expect(await page.getByTestId('print-visit').count()).toBe(0);
    // Past it only with a reason.
    await page.getByTestId('allergy-override').check();
    await page.getByTestId('visit-save').click();
    await page.getByText('Say why it is prescribed anyway (at least 3 letters)').waitFor();
    await page.getByTestId('allergy-override-reason').fill('Tolerated it last year');
    await page.getByTestId('visit-save').click();
    await page.getByTestId('print-visit').waitFor();
  });

  it('an unregistered clinic shows the 418 screen on every route', async () => {
    await page.goto(`${baseUrl('nosuch.localhost')}/`);
    await page.getByTestId('error-418').waitFor();
    expect(await page.getByText('Account not registered').count()).toBe(1);
    await page.goto(`${baseUrl('nosuch.localhost')}/login`);
    await page.getByTestId('error-418').waitFor();
  });

  it('a suspended clinic shows the 417 screen at login', async () => {
    await login(page, 'closed.localhost', 'doctor');
    await waitForPath(page, '/417');
    await page.getByTestId('error-417').waitFor();
    expect(await page.getByText('Account is suspended or archived').count()).toBe(1);
  });
});

// Nested records (`within`), generated: a patient's nurse tab is a real route (opened directly and
// reloaded), its New button opens the create form with the patient given and locked, saving
// returns to the tab with the record listed; the records are not in the menu; a member of staff
// who may not read them sees no tab, and its address says forbidden.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, login, onRerun, pagePerTest, stamp, waitForPath } from './browser';

const HOST = 'demo.localhost';
const url = (path: string) => `${baseUrl(HOST)}${path}`;
// A retried test makes records of its own (the first run's would be found beside them).
let tag = stamp();
onRerun(() => (tag = stamp()));
const { page } = pagePerTest();

async function api<T>(p: Page, path: string): Promise<T> {
  return p.evaluate(async (apiPath) => {
    const res = await fetch(`/api/v1${apiPath}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return (await res.json()) as T;
  }, path);
}

async function signIn(p: Page, user: string): Promise<{ id: number; name: string }> {
  await login(p, HOST, user);
  await waitForPath(p, '/dashboard');
  const patients = await api<{ data: { id: number; name: string }[] }>(p, '/patients?per_page=1&sort=id');
  return patients.data[0];
}

describe("a patient's nested records", () => {
  it('the nurse adds a past medication from its tab and lands back on the tab with it listed', async () => {
    const p = page();
    const patient = await signIn(p, 'nurse');
    const tab = `/patients/${patient.id}/nurses/past-medications`;
    // Not in the menu: reached through the patient.
    expect(await p.getByTestId('app-menu').getByText('Past medications').count()).toBe(0);

    // A deep link opens the tab itself.
    await p.goto(url(tab));
    await p.locator('.ant-tabs-tab-active', { hasText: 'Past medications' }).waitFor();
    await p.getByTestId('patient-summary').getByText(patient.name).waitFor();

    await p.getByTestId('child-tabs').getByRole('button', { name: 'Create' }).click();
    await p.waitForURL((u) => u.pathname === '/pastMedications/create' && u.searchParams.get('patient_id') === String(patient.id));
    // The patient is given by the tab: shown by name, not changeable.
    const parent = p.locator('.ant-select', { has: p.locator('#field-patient_id') });
    await expect.poll(() => parent.innerText()).toContain(patient.name);
    expect(await p.locator('#field-patient_id').isDisabled()).toBe(true);

    const drug = `Warfarin ${tag}`;
    await p.locator('#field-drug_name').fill(drug);
    await p.getByRole('button', { name: 'Save' }).click();
    await waitForPath(p, tab);
    await p.locator('.ant-table-row', { hasText: drug }).waitFor();
    const saved = await api<{ data: { patient_id: number; drug_name: string }[] }>(p, `/pastMedications?filter[patient_id]=${patient.id}&q=${encodeURIComponent(drug)}`);
    expect(saved.data.map((r) => [r.patient_id, r.drug_name])).toEqual([[patient.id, drug]]);

    // A reload stays on the tab.
    await p.reload();
    await p.locator('.ant-tabs-tab-active', { hasText: 'Past medications' }).waitFor();
    await p.locator('.ant-table-row', { hasText: drug }).waitFor();
  });

  it('the secretary, who may not read nurse records, has no such tab and is told so at its address', async () => {
    const p = page();
    const patient = await signIn(p, 'secretary');
    await p.goto(url(`/patients/${patient.id}/visitings`));
    await p.getByTestId('patient-summary').waitFor();
    await p.getByRole('tab', { name: 'Appointments' }).waitFor();
    expect(await p.getByRole('tab', { name: 'Vital signs' }).count()).toBe(0);
    await p.goto(url(`/patients/${patient.id}/nurses/vital-signs`));
    await p.getByTestId('tab-forbidden').waitFor();
    expect(new URL(p.url()).pathname).toBe(`/patients/${patient.id}/nurses/vital-signs`);
  });
});

// Safe prescribing and finding every patient however the name is typed (issue 32), in Kurdish as
// the desk and the doctor use it: the name spelt the Kurdish way is found by Arabic letters from
// the header search (1440 px) and the booking's patient picker (390 px); a second patient of a name
// alike born the same day is warned about; a Penicillin-allergic patient is warned as soon as
// Augmentin is picked and the save is refused without "prescribe anyway"; archiving the patient
// says how many future bookings go, and they are gone from the calendar.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, kurdishSessions, onRerun, screenshot } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
const NAME = 'هاوڕێ عەبدوڵڵا ئەحمەد';
const BORN = '1987-03-14';
const TYPED = ['عبدالله', 'هاوڕي', 'هاورێ', 'احمد'];

const signedIn = kurdishSessions(CLINIC);
let rerun = 0;
onRerun(() => rerun++);

describe('a patient found however typed, and prescribed for safely', () => {
  let patientId = 0;

  it('the header search finds the Kurdish spelling typed with Arabic letters', async () => {
    const page = await signedIn('doctor', 1440);
    const made = await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: NAME, gender: 0, date_of_birth: BORN } });
    expect(made.status).toBe(201);
    patientId = made.body.data.id;
    expect((await api(page, '/allergies', { method: 'POST', body: { patient_id: patientId, substance: 'Penicillin', severity: 3 } })).status).toBe(201);
    await page.goto(url('/dashboard'));
    const search = page.getByTestId('patient-search');
    for (const typed of TYPED) {
      await search.fill(typed);
      await page.getByTestId(`patient-hit-${patientId}`).waitFor();
    }
  });

  it("the booking's patient picker finds them too, and a new patient of a name alike born the same day is warned about (390 px)", async () => {
    const page = await signedIn('secretary', 390);
    await page.goto(url('/appointments/create'));
    const picker = page.locator('#field-patient_id');
    for (const typed of TYPED) {
      await picker.click();
      await picker.fill(typed);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: NAME }).waitFor();
      await picker.fill('');
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('quick-patient').click();
    await page.locator('#quick-name').fill('هاوری عبدالله');
    await page.locator('#quick-date_of_birth').fill(BORN);
    await page.locator('#quick-date_of_birth').press('Enter');
    const warning = page.getByTestId('existing-date_of_birth');
    await warning.waitFor();
    expect(await warning.innerText()).toContain(NAME);
    await screenshot(page, 'safe-duplicate-390', { fullPage: true });
  });

  it('picking Augmentin warns of the Penicillin allergy at once, and the save is refused without prescribing anyway', async () => {
    const page = await signedIn('doctor', 1440);
    // A day of its own for each run (a retry's booking would meet the first run's at the same time).
    const booked = await api<{ data: { id: number } }>(page, '/appointments', { method: 'POST', body: { patient_id: patientId, date: dayjs().add(60 + rerun, 'day').format('YYYY-MM-DD'), time: '08:10', duration_minutes: 5 } });
    expect(booked.status).toBe(201);
    await page.goto(url(`/visitings/${booked.body.data.id}/new`));
    await page.getByTestId('safety-allergies').getByText('Penicillin').waitFor();
    await page.getByTestId('rx-add').click();
    await page.locator('#rx-0-drug').click();
    await page.locator('#rx-0-drug').fill('Augmentin');
    // Picked once the search has answered: the first page of drugs, shown before it, is replaced
    // under the pointer when it comes (CI: the warning never came, no drug having been picked).
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(async () => { const texts = await options.allInnerTexts(); return texts.length > 0 && texts.every((text) => text.includes('Augmentin')); }).toBe(true);
    await options.first().click();
    await expect.poll(() => page.locator('.ant-select-selection-item').filter({ hasText: 'Augmentin' }).count()).toBe(1);
    const warning = page.getByTestId('rx-allergy-0');
    await warning.waitFor();
    const said = await warning.innerText();
    expect(said).toContain('Augmentin');
    expect(said).toContain('Penicillin');
    expect(said).toContain(ckb.enums.allergySeverity['3']);
    await screenshot(page, 'safe-allergy-1440', { fullPage: true });
    const refused = page.waitForResponse((r) => r.url().includes('/api/v1/visitings') && r.request().method() === 'POST');
    await page.getByTestId('visit-save').click();
    expect((await refused).status()).toBe(422);
    await page.getByTestId('allergy-override').waitFor();
    expect(await page.getByTestId('print-visit').count()).toBe(0);
  });

  it("archiving the patient says how many future bookings go, and they are gone from the calendar", async () => {
    const page = await signedIn('doctor', 1440);
    // Four weekly bookings far enough ahead that nothing else is on their days.
    let day = dayjs().add(91, 'day');
    while (day.day() !== 3) day = day.add(1, 'day');
    const ids: number[] = [];
    for (let week = 0; week < 4; week++) {
      const res = await api<{ data: { id: number } }>(page, '/appointments', { method: 'POST', body: { patient_id: patientId, date: day.add(week, 'week').format('YYYY-MM-DD'), time: '10:00', duration_minutes: 15 } });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    // Another patient's booking that day stays: the grid has loaded when it shows.
    const other = await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: 'نەخۆشی تر', gender: 1 } });
    const kept = await api<{ data: { id: number } }>(page, '/appointments', { method: 'POST', body: { patient_id: other.body.data.id, date: day.format('YYYY-MM-DD'), time: '11:00', duration_minutes: 15 } });
    expect(kept.status).toBe(201);
    await page.goto(url(`/appointments?view=week&date=${day.format('YYYY-MM-DD')}`));
    await page.getByTestId(`cal-event-${ids[0]}`).waitFor();

    await page.goto(url(`/patients/edit/${patientId}`));
    await page.getByRole('button', { name: ckb.buttons.delete }).click();
    const told = page.getByTestId('archive-cancels');
    await told.waitFor();
    // Four weekly ones and the visit's booking of the test before.
    expect(await told.innerText()).toContain('5');
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await expect.poll(async () => (await api<{ data: { archived_at: string | null } }>(page, `/patients/${patientId}`)).body.data.archived_at).not.toBeNull();

    await page.goto(url(`/appointments?view=week&date=${day.format('YYYY-MM-DD')}`));
    await page.getByTestId(`cal-event-${kept.body.data.id}`).waitFor();
    expect(await page.getByTestId(`cal-event-${ids[0]}`).count()).toBe(0);
    await screenshot(page, 'safe-calendar-1440', { fullPage: true });
    const after = await api<{ data: { status: number }[] }>(page, `/appointments?filter[patient_id]=${patientId}&per_page=50`);
    expect(after.body.data.filter((a) => a.status !== 7)).toEqual([]);
  });

  it('an archived drug keeps its name when an old visit is edited', async () => {
    const page = await signedIn('doctor', 1440);
    const drugName = `Archived ${Date.now().toString(36)}`;
    const drug = await api<{ data: { id: number } }>(page, '/drugs', { method: 'POST', body: { name: drugName } });
    const patient = await api<{ data: { id: number } }>(page, '/patients', { method: 'POST', body: { name: 'نەخۆشی کۆن', gender: 1 } });
    const visit = await api<{ data: { id: number } }>(page, '/visitings', { method: 'POST', body: { patient_id: patient.body.data.id, prescriptions: [{ drug_id: drug.body.data.id }] } });
    expect(visit.status).toBe(201);
    // Used by the visit, so archived rather than deleted.
    expect((await api(page, `/drugs/${drug.body.data.id}`, { method: 'DELETE' })).status).toBe(200);
    await page.goto(url(`/patients/${patient.body.data.id}/visitings`));
    await page.getByTestId(`visit-edit-${visit.body.data.id}`).click();
    const chosen = page.getByTestId('rx-row-0').locator('.ant-select-selection-item');
    await expect.poll(() => chosen.innerText()).toBe(drugName);
  });
});

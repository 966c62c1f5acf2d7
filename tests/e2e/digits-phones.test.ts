// Digits as clinics in Iraq type them, in the browser and in Kurdish: the secretary types a new
// patient's phone in Arabic-Indic digits and it saves (as E.164); the header search finds that
// patient by the start of the number typed in Arabic-Indic digits; the nurse types a temperature
// as ٣٧٫٥ and 37.5 is saved, not wiped.
import { describe, expect, it } from 'vitest';
import { api, baseUrl, isRerun, kurdishSessions, screenshot } from './browser';

const HOST = 'demo.localhost';
const url = (path: string) => `${baseUrl(HOST)}${path}`;
const SAVE = 'پاشەکەوتکردن';
/** ASCII digits -> Arabic-Indic, '.' -> the Arabic decimal separator. */
const arabic = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d))).replaceAll('.', '٫');
// A number of this run: 0771 then seven digits of the clock (new when the first test runs again:
// the first run's patient holds it).
let [seven, local, e164, name] = ['', '', '', ''];
function newNumber(): void {
  seven = Date.now().toString().slice(-7);
  local = `0771 ${seven.slice(0, 3)} ${seven.slice(3)}`;
  e164 = `+964771${seven}`;
  name = `Shno Rauf ${seven}`;
}
newNumber();

const session = kurdishSessions(HOST);
const signedIn = (user: string, width = 1280) => session(user, width, { viewport: { width, height: 844 } });

describe('digits as typed on an Arabic-script keyboard (Kurdish)', () => {
  let patientId = 0;

  it('the secretary types a new patient\'s phone in Arabic-Indic digits and it saves', async ({ task }) => {
    if (isRerun(task)) newNumber();
    const page = await signedIn('secretary', 390);
    await page.goto(url('/patients/create'));
    await page.locator('#field-name').fill(name);
    await page.locator('#field-gender').click();
    await page.locator('.ant-select-item-option').first().click();
    const phone = page.locator('#field-phone');
    await phone.pressSequentially(arabic(local));
    // Converted as typed: the field shows ASCII digits, left to right.
    expect(await phone.inputValue()).toBe(local);
    // Left to right as laid out, not only as an attribute (antd's RTL input style sets rtl).
    expect(await phone.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await screenshot(phone, 'digits-phone-field');
    await screenshot(page, 'digits-patient-form-390', { fullPage: true });
    await page.getByRole('button', { name: SAVE }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/create'));
    const found = (await api<{ data: { id: number; name: string; phone: string }[] }>(page, `/patients?filter[phone]=${encodeURIComponent(e164)}`)).body;
    expect(found.data.map((p) => [p.name, p.phone])).toEqual([[name, e164]]);
    patientId = found.data[0].id;
  });

  it('the header search finds that patient by 07… typed in Arabic-Indic digits, the phone shown left to right', async () => {
    expect(patientId).toBeGreaterThan(0);
    const page = await signedIn('secretary');
    await page.getByTestId('patient-search').pressSequentially(arabic(`0771${seven.slice(0, 4)}`));
    const hit = page.getByTestId(`patient-hit-${patientId}`);
    await hit.waitFor();
    // The number in its national grouping inside <bdi dir="ltr">, never reversed in the RTL page.
    const shown = hit.locator(`bdi[data-phone="${e164}"]`);
    await expect.poll(() => shown.innerText()).toBe(local);
    expect(await shown.getAttribute('dir')).toBe('ltr');
    await hit.click();
    await page.waitForURL((u) => u.pathname.startsWith(`/patients/${patientId}`));
  });

  it('the nurse types a temperature as ٣٧٫٥ and 37.5 is saved, not wiped', async () => {
    expect(patientId).toBeGreaterThan(0);
    const nurse = await signedIn('nurse');
    await nurse.goto(url(`/vitalSigns/create?patient_id=${patientId}`));
    const field = nurse.locator('#field-body_temperature');
    await field.pressSequentially('٣٧٫٥');
    await field.blur();
    expect(await field.inputValue()).toBe('37.5');
    // Counted before (a run again finds the first run's reading).
    const readings = async () => (await api<{ data: { body_temperature: number | null }[] }>(nurse, `/vitalSigns?filter[patient_id]=${patientId}`)).body.data.map((v) => v.body_temperature);
    const before = await readings();
    await nurse.getByRole('button', { name: SAVE }).click();
    await nurse.waitForURL((u) => !u.pathname.endsWith('/create'));
    const after = await readings();
    expect([after.length, after.filter((t) => t === 37.5).length]).toEqual([before.length + 1, before.filter((t) => t === 37.5).length + 1]);
  });
});

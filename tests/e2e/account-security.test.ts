// Account security in the browser, in Kurdish: the profile lists the signed-in devices and signs
// one out; changing the phone asks for the current password; the Main Doctor signs a nurse out
// of every device and the nurse's next step lands on the login page. A name saved shows in the
// header at once (the header reads the user through Refine's useGetIdentity).
import { describe, expect, it } from 'vitest';
import { baseUrl, kurdishPages, login, waitForPath } from './browser';

const CLINIC = 'demo.localhost';
const kurdishPage = kurdishPages();

describe('account security (Kurdish)', () => {
  it('devices on the profile, a password to change the phone, and the Main Doctor signing a nurse out everywhere', async () => {
    const nurse = await kurdishPage({ width: 390 });
    await login(nurse, CLINIC, 'nurse');
    await waitForPath(nurse, '/dashboard');

    const doctor = await kurdishPage();
    await login(doctor, CLINIC, 'doctor');
    await waitForPath(doctor, '/dashboard');
    await doctor.goto(`${baseUrl(CLINIC)}/settings/profile`);
    await doctor.getByTestId('device-sessions').getByText('ئەم ئامێرە').waitFor();
    expect(await doctor.locator('#profile-current-password').count()).toBe(0);
    await doctor.locator('#profile-phone').fill('0750 123 4567');
    await doctor.locator('#profile-current-password').waitFor();
    await doctor.getByTestId('profile-save').click();
    // Without the password the form says so on its field, in Kurdish.
    await expect.poll(() => doctor.locator('.ant-form-item-explain-error').allInnerTexts()).toContain('ئەم خانەیە پێویستە');

    const nurseId = await nurse.evaluate(async () => {
      const res = await fetch('/api/v1/auth/tenant/user', { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
      return ((await res.json()) as { data: { id: number } }).data.id;
    });
    await doctor.goto(`${baseUrl(CLINIC)}/users/show/${nurseId}`);
    await doctor.getByTestId('end-staff-sessions').click();
    await doctor.locator('.ant-popconfirm').getByRole('button', { name: 'دەرچوون لە هەموو ئامێرەکان' }).click();
    await doctor.getByText('لە هەموو ئامێرەکان دەرچوو').waitFor();

    await nurse.goto(`${baseUrl(CLINIC)}/patients`);
    await waitForPath(nurse, '/login');
  });

  it('the header shows a name saved on the profile at once, and again after it is put back', async () => {
    const doctor = await kurdishPage();
    await login(doctor, CLINIC, 'doctor');
    await waitForPath(doctor, '/dashboard');
    await doctor.goto(`${baseUrl(CLINIC)}/settings/profile`);
    const shown = doctor.getByTestId('user-name');
    const name = (await shown.innerText()).trim();
    await expect.poll(() => doctor.locator('#profile-name').inputValue()).toBe(name);
    for (const next of [`${name} ئەحمەد`, name]) {
      await doctor.locator('#profile-name').fill(next);
      await doctor.getByTestId('profile-save').click();
      await expect.poll(async () => (await shown.innerText()).trim()).toBe(next);
    }
  });
});

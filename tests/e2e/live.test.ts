// Live updates in the browser (issue 18), in Kurdish: the doctor's open appointments page shows
// what the secretary just did, with no reload and no polling, within seconds; the
// queue says how long a checked-in patient has waited, and a referral asks where to.
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../src/server/days';
import ckb from '../../locales/ckb.json';
import { latinDigits } from '../../src/shared/digits';
import { api, baseUrl, login, newContext, pagePerTest, waitForPath } from './browser';

const { page } = pagePerTest();

describe('live updates, in Kurdish', () => {
  it("the doctor's open queue shows the secretary's booking and check-in without a reload", async () => {
    const doctor = page();
    await doctor.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(doctor, 'demo.localhost', 'doctor');
    await waitForPath(doctor, '/dashboard');
    const other = await newContext(doctor.context().browser()!);
    try {
      const secretary = await other.newPage();
      await login(secretary, 'demo.localhost', 'secretary');
      await waitForPath(secretary, '/dashboard');

      // The dashboard's counts follow too: the secretary adds a task, the doctor's open tasks grow.
      const tasks = doctor.getByTestId('count-tasks').locator('.ant-statistic-content-value');
      await tasks.waitFor();
      const before = Number(latinDigits(await tasks.innerText()).replace(/\D/g, ''));
      expect((await api(secretary, '/tasks', { method: 'POST', body: { title: `Live task ${Date.now().toString(36)}` } })).status).toBe(201);
      await expect.poll(async () => Number(latinDigits(await tasks.innerText()).replace(/\D/g, '')), { timeout: 5000 }).toBe(before + 1);

      await doctor.goto(`${baseUrl('demo.localhost')}/appointments`);
      await doctor.locator('.ant-table').first().waitFor();
      const documents: string[] = [];
      doctor.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(r.url());
      });
      const name = `Live ${Date.now().toString(36)}`;
      const patient = await api<{ data: { id: number } }>(secretary, '/patients', { method: 'POST', body: { name, gender: 0 } });
      expect(patient.status).toBe(201);
      // Late evening slots, the first one free (other tests book today too, on the same server).
      let booked = { status: 0, body: { data: { id: 0 } } };
      for (const time of ['22:05', '22:25', '22:45', '23:05', '23:25', '21:45', '21:25']) {
        booked = await api<{ data: { id: number } }>(secretary, '/appointments', {
          method: 'POST',
          body: { patient_id: patient.body.data.id, date: dayOf(new Date()), time },
        });
        if (booked.status !== 422) break;
      }
      expect(booked.status).toBe(201);
      const row = doctor.locator('tbody tr', { hasText: name });
      const started = Date.now();
      await row.waitFor({ timeout: 5000 });
      const shownAfter = Date.now() - started;
      // Checked in (Waiting): the doctor's row says so, still without a reload.
      expect((await api(secretary, `/appointments/${booked.body.data.id}`, { method: 'PATCH', body: { status: 1 } })).status).toBe(200);
      await row.getByText(ckb.enums.appointmentStatus['1']).waitFor({ timeout: 5000 });
      expect(documents).toEqual([]);
      expect(shownAfter).toBeLessThan(5000);
      // Today's queue on the dashboard says how long the patient has waited since the check-in.
      await doctor.goto(`${baseUrl('demo.localhost')}/dashboard`);
      await doctor.getByTestId(`queue-item-${booked.body.data.id}`).getByTestId('waiting-minutes').getByText(ckb.clinic.waitingMinutes.replace('{{minutes}}', '0')).waitFor();
      await doctor.goto(`${baseUrl('demo.localhost')}/appointments`);
      // Referring asks where to; the row then says Referred.
      await doctor.getByTestId(`move-${booked.body.data.id}-5`).click();
      await doctor.getByTestId(`referral-${booked.body.data.id}`).fill('نەخۆشخانەی ڕزگاری');
      await doctor.locator('.ant-popconfirm').getByRole('button', { name: ckb.enums.appointmentStatus['5'] }).click();
      await row.getByText(ckb.enums.appointmentStatus['5']).waitFor({ timeout: 5000 });
      const referred = await api<{ data: { referral: string } }>(doctor, `/appointments/${booked.body.data.id}`);
      expect(referred.body.data.referral).toBe('نەخۆشخانەی ڕزگاری');
    } finally {
      await other.close();
    }
  }, 120_000);
});

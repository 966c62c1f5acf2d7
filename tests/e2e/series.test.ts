// Recurring bookings (issue 18), in Kurdish: the secretary books a weekly physiotherapy slot three
// times from the booking form (Save clicked twice: one series), then moves the second and the
// following ones to a new time from the second's form; the first keeps its time.
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, kurdishSessions, screenshot, perRun } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
// A retried test makes records of its own: new names, and its bookings 52 weeks later (same
// weekday), since the first run's booking holds its slot (one doctor's bookings never overlap).
const run = perRun();
const { day } = run;

const signedIn = kurdishSessions(CLINIC);

type Booking = { id: number; date: string; time: string; series_id: string | null };

describe('recurring bookings', () => {
  it('the secretary books a weekly series and moves this and the following ones', async () => {
    const desk = await signedIn('secretary', 1440);
    const patient = (await api<{ data: { id: number } }>(desk, '/patients', { method: 'POST', body: { name: `Physio ${run.tag}`, gender: 0 } })).body.data;
    await desk.goto(url(`/appointments/create?patient_id=${patient.id}&date=${day('2031-10-06')}&time=05:40`));
    await desk.locator('#field-repeat_weeks').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').click();
    await desk.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ckb.clinic.repeatEvery['1'] }).click();
    await desk.locator('#field-repeat_count').fill('3');
    await screenshot(desk, 'series-form-1440', { fullPage: true });
    await desk.getByTestId('appointment-save').dblclick();
    await desk.waitForURL((u) => u.pathname !== '/appointments/create');
    const mine = async () => (await api<{ data: Booking[] }>(desk, `/appointments?filter[patient_id]=${patient.id}&sort=date`)).body.data;
    await expect.poll(async () => (await mine()).map((b) => [String(b.date).slice(0, 10), b.time.slice(0, 5)])).toEqual([
      [day('2031-10-06'), '05:40'],
      [day('2031-10-13'), '05:40'],
      [day('2031-10-20'), '05:40'],
    ]);
    const [, second] = await mine();
    expect(second.series_id).toBeTruthy();

    await desk.goto(url(`/appointments/edit/${second.id}`));
    await desk.locator('#field-time').click();
    await desk.locator('#field-time').fill('06:10');
    await desk.keyboard.press('Enter');
    await desk.getByText(ckb.clinic.thisAndFollowing).click();
    await desk.getByTestId('appointment-save').click();
    await expect.poll(async () => (await mine()).map((b) => b.time.slice(0, 5))).toEqual(['05:40', '06:10', '06:10']);
  });
});

// The price list in use (issue 19), in Kurdish: the secretary books a patient for a service and
// its price fills the amount (still editable); the Main Doctor keeps the list under Accounting.
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, login, pagePerTest, screenshot, waitForPath, perRun } from './browser';

const { page } = pagePerTest();
const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
// A retried test makes records of its own: new names, and its bookings 52 weeks later (same
// weekday), since the first run's booking holds its slot (one doctor's bookings never overlap).
const run = perRun();
const { day } = run;

describe('the price list', () => {
  it("fills the booking's amount from the service chosen, at 390 px", async () => {
    const p = page();
    await p.setViewportSize({ width: 390, height: 844 });
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(p, CLINIC, 'secretary');
    await waitForPath(p, '/dashboard');
    const patient = await api<{ data: { id: number } }>(p, '/patients', { method: 'POST', body: { name: `Price ${run.tag}`, gender: 1 } });
    const prices = await api<{ data: { id: number; name: string; price: string }[] }>(p, '/prices?filter[active]=true');
    const ecg = prices.body.data.find((x) => x.name === 'ECG')!;
    await p.goto(url(`/appointments/create?patient_id=${patient.body.data.id}&date=${day('2031-07-07')}&time=06:10`));
    await p.locator('#field-service_id').click();
    await p.getByTestId(`service-${ecg.id}`).click();
    await expect.poll(() => p.locator('#field-amount').inputValue()).toBe('15,000');
    await screenshot(p, 'prices-booking-390', { fullPage: true });
    await p.getByTestId('appointment-save').click();
    // Saved, the form goes back where it was opened from.
    await p.waitForURL((u) => u.pathname !== '/appointments/create');
    const booked = await api<{ data: { amount: string; service_id: number }[] }>(p, `/appointments?filter[patient_id]=${patient.body.data.id}`);
    expect(booked.body.data.map((a) => [Number(a.amount), a.service_id])).toEqual([[15000, ecg.id]]);
  });

  it('is kept by the Main Doctor under Accounting', async () => {
    const p = page();
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(p, CLINIC, 'doctor');
    await waitForPath(p, '/dashboard');
    await p.getByTestId('app-menu').getByText(ckb.nav.accounting).click();
    await p.getByTestId('app-menu').getByText(ckb.resources.prices.title).click();
    await waitForPath(p, '/accounting/prices');
    await p.locator('.ant-table-row', { hasText: 'Consultation' }).first().waitFor();
    await screenshot(p, 'prices-list-1440', { fullPage: true });
  });
});

// The day during a cut (issue 36): with the server cut off, the desk opens the app from its start
// address, signs in offline, and finds today's queue with the patients' names, the bookings list
// with them too, and prints the day sheet (today's bookings per doctor, A4, the clinic's letterhead,
// Kurdish), all read from the device's working set and its kept answers (letterhead, doctors).
// The booking form offers the doctor's free times on a later day, made on the device from the kept
// working hours, closed days and bookings by the server's rule: the same times the server offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { localDay } from '../../src/server/days';
import ckb from '../../locales/ckb.json';
import { appInstalled, api, countPrints, launch, login, newContext, serverPort, until, waitForPath, waitForPrint } from './browser';
import { type CutProxy, cutProxy } from './cut-proxy';
import { goWithin, keptRows, reopenAtLogin, signInAt } from './device-store';

const MARK = `Daysheet${Date.now().toString(36)}`;

describe('the day during a cut', () => {
  let browser: Browser;
  let proxy: CutProxy;
  let context: BrowserContext;
  let page: Page;
  let bookingId: number;
  let laterId: number;
  let later: string;
  let serverFree: string[];
  let doctor: { id: number; name: string };
  let clinicName: string;
  let specialty: string;

  beforeAll(async () => {
    browser = await launch();
    proxy = await cutProxy(serverPort());
    // Today's booking, made by the Main Doctor before the desk signs in.
    const doctorContext = await newContext(browser);
    const main = await doctorContext.newPage();
    await login(main, 'demo.localhost', 'doctor');
    await waitForPath(main, '/dashboard');
    doctor = (await api<{ doctors: { id: number; name: string; role: number }[] }>(main, '/dashboard/doctors')).body.doctors.find((d) => d.role === 0)!;
    const head = (await api<{ data: { name: string; specialty: string | null; profile: { specialty: string | null } } }>(main, '/settings/letterhead')).body.data;
    clinicName = head.name;
    // What only the letterhead holds (the clinic's name is also in the session): the kept answer's proof.
    specialty = head.specialty ?? head.profile.specialty ?? '';
    expect(specialty).not.toBe('');
    const patient = await api<{ data: { id: number } }>(main, '/patients', { method: 'POST', body: { name: MARK, gender: 1, phone: `0750${String(Date.now()).slice(-7)}` } });
    expect(patient.status).toBe(201);
    const booked = await api<{ data: { id: number } }>(main, '/appointments', { method: 'POST', body: { patient_id: patient.body.data.id, doctor_id: doctor.id, date: localDay(new Date()).format('YYYY-MM-DD'), time: '05:40', duration_minutes: 10 } });
    expect(booked.status).toBe(201);
    bookingId = booked.body.data.id;
    // A later day the demo books nothing on (it books two weeks ahead), within the days a device
    // keeps, not a Friday (the Main Doctor's day off): one booking holds 17:00-17:30.
    let day = localDay(new Date()).add(21, 'day');
    if (day.day() === 5) day = day.add(1, 'day');
    later = day.format('YYYY-MM-DD');
    const held = await api<{ data: { id: number } }>(main, '/appointments', { method: 'POST', body: { patient_id: patient.body.data.id, doctor_id: doctor.id, date: later, time: '17:00', duration_minutes: 30 } });
    expect(held.status).toBe(201);
    laterId = held.body.data.id;
    type Days = { data: { days: { doctors: { doctor_id: number; free: string[] }[] }[] } };
    serverFree = (await api<Days>(main, `/appointments/availability?from=${later}&doctor_id=${doctor.id}`)).body.data.days[0].doctors[0].free;
    expect(serverFree).toContain('16:45');
    expect(serverFree).not.toContain('17:15');
    await doctorContext.close();

    context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'ckb');
    });
    await countPrints(context);
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await signInAt(page, `http://demo.localhost:${proxy.port}`, 'secretary');
    const keptBookings = async () => (await keptRows(page)).filter(([resource]) => resource === 'appointments').map(([, id]) => id);
    await until(page, async () => (await keptBookings()).includes(bookingId) && (await keptBookings()).includes(laterId), 'the booking did not reach the device');
    // The kept answers come after the rows in a pass: the pass has ended once its time is kept.
    await page.waitForTimeout(1000);
    await appInstalled(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await proxy?.close();
  });

  it("opened from the start address and signed in offline: today's queue, the bookings and the day sheet on A4", async () => {
    proxy.set('down');
    try {
      // The page closed and the app opened again from its start address: signed in offline.
      page = await reopenAtLogin(context, page, `http://demo.localhost:${proxy.port}`);
      await signInAt(page, `http://demo.localhost:${proxy.port}`, 'secretary');

      // Today's queue, the patient named (the titles from the working set, not #id).
      const item = page.getByTestId(`queue-item-${bookingId}`);
      await item.waitFor({ timeout: 25_000 });
      expect(await item.innerText()).toContain(MARK);

      // One click: the day sheet, under the letterhead kept on the device.
      await page.getByTestId('day-sheet-print').click();
      await waitForPrint(page);
      const sheet = page.getByTestId('print-day-sheet');
      expect(await sheet.getAttribute('lang')).toBe('ckb');
      expect(await sheet.getAttribute('dir')).toBe('rtl');
      const letterhead = await sheet.getByTestId('print-letterhead').innerText();
      expect(letterhead).toContain(clinicName);
      expect(letterhead).toContain(specialty);
      const section = sheet.getByTestId(`day-sheet-doctor-${doctor.id}`);
      expect(await section.locator('h3').innerText()).toContain(doctor.name);
      const row = section.getByTestId(`day-sheet-booking-${bookingId}`);
      const text = await row.innerText();
      expect(text).toContain(MARK);
      expect(text).toContain('05:40');
      expect(text).toContain(ckb.enums.appointmentStatus['0']);
      expect(await sheet.innerText()).toContain(ckb.daySheet.title);
      const pdf = await page.pdf({ path: '/tmp/day-sheet.pdf', preferCSSPageSize: true, printBackground: true });
      // A4 is 595 × 842 points, whatever paper the clinic's prescriptions use.
      const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
      expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([595, 842]);

      // The bookings list names the patient too.
      await goWithin(page, '/appointments');
      await page.getByTestId(`appointment-row-${bookingId}`).waitFor({ timeout: 25_000 });
      expect(await page.locator('.ant-table-row').filter({ has: page.getByTestId(`appointment-row-${bookingId}`) }).innerText()).toContain(MARK);
      await page.getByTestId('offline-banner').waitFor();

      // The booking form's free times on the later day, from the device: the server's own.
      await goWithin(page, `/appointments/create?date=${later}&doctor_id=${doctor.id}`);
      const slots = page.getByTestId('free-slots');
      await slots.getByTestId('free-slot-16:45').waitFor({ timeout: 25_000 });
      const shown = (await slots.locator('[data-testid^="free-slot-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice('free-slot-'.length))));
      expect(shown).toEqual(serverFree);
      expect(await slots.innerText()).toContain(ckb.clinic.freeSlotsLabel);
      await page.getByTestId('offline-banner').waitFor();
    } finally {
      proxy.set('up');
    }
  });
});

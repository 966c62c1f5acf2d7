// Messages to patients (issue 18), in Kurdish, on a server with no transport configured: the
// secretary books a patient whose phone was typed `٠٧٥٠...`, finds the confirmation waiting under
// "Messages to patients", and one click opens WhatsApp (wa.me, answered here: nothing leaves the
// machine) with the Kurdish text filled in and marks it sent. The patient opens the link in the
// message on a phone, without an account: sees the day, says they will come, then cancels; the
// clinic's list shows the booking cancelled, with the tick of the patient's confirmation.
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, kurdishSessions, launch, screenshot, perRun } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
// A retried test makes records of its own: new names, and its bookings 52 weeks later (same
// weekday), since the first run's booking holds its slot (one doctor's bookings never overlap).
const run = perRun();
const { day } = run;

const signedIn = kurdishSessions(CLINIC);

interface Message {
  id: number;
  status: string;
  channel: string;
  body: string;
  recipient: string;
}

describe('messages to patients', () => {
  it('the desk sends the confirmation on WhatsApp in one click; the patient confirms and cancels from the link', async () => {
    const desk = await signedIn('secretary', 1440);
    const name = `Messaged ${run.tag}`;
    const patient = (await api<{ data: { id: number } }>(desk, '/patients', { method: 'POST', body: { name, gender: 1, phone: '٠٧٥٠١٢٣٤٥٦٧' } })).body.data;
    const booked = await api<{ data: { id: number } }>(desk, '/appointments', { method: 'POST', body: { patient_id: patient.id, date: day('2031-09-09'), time: '07:40' } });
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.data.id;
    const messagesOf = async () => (await api<{ data: Message[] }>(desk, `/messages?filter[appointment_id]=${appointmentId}`)).body.data;
    const [waiting] = await messagesOf();
    expect(waiting).toMatchObject({ channel: 'manual', status: 'pending', recipient: '+9647501234567' });

    // wa.me answered here: the test sees where the click went, nothing reaches WhatsApp.
    await desk.context().route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    await desk.goto(url('/messages'));
    const row = desk.locator('.ant-table-row', { hasText: name });
    await row.getByText(ckb.outbox.status.pending).waitFor();
    await screenshot(desk, 'messages-1440', { fullPage: true });
    // The menu counts what waits to be sent by hand, and follows the click.
    const badge = desk.getByTestId('menu-badge-messages').locator('.ant-scroll-number');
    const waitingCount = async () => ((await badge.count()) ? Number(await badge.first().getAttribute('title')) : 0);
    await expect.poll(waitingCount).toBeGreaterThan(0);
    const before = await waitingCount();
    const [popup] = await Promise.all([desk.waitForEvent('popup'), desk.getByTestId(`message-whatsapp-${waiting.id}`).click()]);
    const opened = new URL(popup.url());
    expect(opened.host + opened.pathname).toBe('wa.me/9647501234567');
    const text = opened.searchParams.get('text') ?? '';
    expect(text).toContain(name);
    expect(text).toContain('نۆرەکەت');
    expect(text).toContain(day('2031-09-09'));
    await popup.close();
    await row.getByText(ckb.outbox.status.sent).waitFor();
    expect((await messagesOf()).map((m) => m.status)).toEqual(['sent']);
    await expect.poll(waitingCount).toBe(before - 1);

    // The patient's link, opened on a phone with no account, in the message's language.
    const link = /(\/a\/[^\s?]+\?lang=ckb)/.exec(waiting.body)?.[1];
    expect(link).toBeTruthy();
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const phone = await context.newPage();
      await phone.goto(url(link!));
      await phone.getByTestId('booking-link').getByText(`${day('2031-09-09')} 07:40`).waitFor();
      expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await phone.getByTestId('booking-link').innerText()).not.toContain(name);
      await phone.getByTestId('booking-confirm').click();
      await phone.getByTestId('booking-confirmed').waitFor();
      await screenshot(phone, 'booking-link-390', { fullPage: true });
      await phone.getByTestId('booking-cancel').click();
      await phone.locator('.ant-popconfirm').getByRole('button', { name: ckb.bookingLink.cancel }).click();
      await phone.getByText(ckb.bookingLink.cancelled).waitFor();
      await screenshot(phone, 'booking-link-cancelled-390', { fullPage: true });
    } finally {
      await browser.close();
    }
    const booking = (await api<{ data: { status: number; confirmed_at: string | null } }>(desk, `/appointments/${appointmentId}`)).body.data;
    expect(booking.status).toBe(7);
    expect(booking.confirmed_at).not.toBeNull();
    // The desk sees both on the day's list: cancelled, and the tick of the patient's confirmation before.
    await desk.goto(url(`/appointments?date=${day('2031-09-09')}&view=list`));
    const listed = desk.locator('.ant-table-row', { hasText: name });
    await listed.getByText(ckb.enums.appointmentStatus['7']).waitFor();
    await listed.getByTestId('patient-confirmed').waitFor();
  });

  it('booking at the desk offers to send the confirmation at once, one click to WhatsApp', async () => {
    const desk = await signedIn('secretary', 390);
    const name = `Told at once ${run.tag}`;
    const patient = (await api<{ data: { id: number } }>(desk, '/patients', { method: 'POST', body: { name, gender: 0, phone: '0751 234 5678' } })).body.data;
    await desk.context().route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    await desk.goto(url(`/appointments/create?patient_id=${patient.id}&date=${day('2031-09-10')}&time=07:50`));
    await desk.getByTestId('appointment-save').click();
    await desk.getByTestId('send-now-text').getByText(name).waitFor();
    await screenshot(desk, 'send-now-390', { fullPage: true });
    const [popup] = await Promise.all([desk.waitForEvent('popup'), desk.getByTestId('send-now').click()]);
    expect(new URL(popup.url()).pathname).toBe('/9647512345678');
    await popup.close();
    await desk.waitForURL((u) => u.pathname !== '/appointments/create');
    const booked = (await api<{ data: { id: number }[] }>(desk, `/appointments?filter[patient_id]=${patient.id}`)).body.data;
    await expect.poll(async () => (await api<{ data: Message[] }>(desk, `/messages?filter[appointment_id]=${booked[0].id}`)).body.data.map((m) => m.status)).toEqual(['sent']);
  });
});

// The appointments calendar (issue 18), in Kurdish, as the secretary uses it: a day grid with a
// column per doctor, hours outside their working hours shaded and the free slots counted; a click
// on an empty slot books it; a booking dragged to the other doctor's column moves there, and one
// dragged onto a taken slot is refused with the reason and goes back.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localDay } from '../../src/server/days';
import ckb from '../../locales/ckb.json';
import { type QueueItem, nextWaiting } from '../../src/client/pages/clinic/lib/queue';
import { api, baseUrl, login, onRerun, pagePerTest, waitForPath } from './browser';

const { page } = pagePerTest();
// A retried test books slots of its own: its first run's bookings hold theirs (and count on the day).
let rerun = 0;
onRerun(() => rerun++);

type Doctor = { id: number; role: number; name: string };

/** The screen point of `time` in a doctor's column (the grid's hour rows start at `firstHour`). */
async function slotPoint(p: Page, doctorId: number, time: string, firstHour: number, scroll = true): Promise<{ x: number; y: number }> {
  const [h, m] = time.split(':').map(Number);
  const group = p.locator('.rbc-time-gutter .rbc-timeslot-group').nth(h - firstHour);
  if (scroll) await group.scrollIntoViewIfNeeded();
  const row = (await group.boundingBox())!;
  const column = (await p.getByTestId(`doctor-column-${doctorId}`).boundingBox())!;
  return { x: column.x + column.width / 2, y: row.y + (row.height * (m / 15 + 0.5)) / 4 };
}

async function drag(p: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await p.mouse.move(from.x, from.y);
  await p.mouse.down();
  await p.mouse.move(from.x + 5, from.y + 5, { steps: 3 });
  await p.mouse.move(to.x, to.y, { steps: 12 });
  await p.mouse.up();
}

describe('the calendar, in Kurdish', () => {
  it('books by clicking a free slot, moves a booking to the other doctor by dragging, and a refused move goes back with the reason', async () => {
    const p = page();
    await p.setViewportSize({ width: 1440, height: 1000 });
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(p, 'demo.localhost', 'secretary');
    await waitForPath(p, '/dashboard');
    // A Monday far enough ahead that nothing is booked (the demo books two weeks ahead); a rerun's a week later.
    let day = localDay(new Date()).add(70 + 7 * rerun, 'day');
    while (day.day() !== 1) day = day.add(1, 'day');
    const date = day.format('YYYY-MM-DD');
    const doctors = (await api<{ doctors: Doctor[] }>(p, '/dashboard/doctors')).body.doctors;
    const main = doctors.find((d) => d.role === 0)!;
    const other = doctors.find((d) => d.role === 1)!;
    const name = `Calendar ${Date.now().toString(36)}`;
    const patient = await api<{ data: { id: number } }>(p, '/patients', { method: 'POST', body: { name, gender: 1 } });

    await p.goto(`${baseUrl('demo.localhost')}/appointments?view=day&date=${date}`);
    await p.getByTestId('day-view').waitFor();
    // A column per doctor, each counting its free slots: mornings 09:00-14:00 less a half-hour
    // break (18 of 15 minutes), evenings 16:00-21:00 (20).
    await p.getByTestId(`doctor-column-${other.id}`).getByText(ckb.clinic.freeCount.replace('{{free}}', '18')).waitFor();
    await p.getByTestId(`doctor-column-${main.id}`).getByText(ckb.clinic.freeCount.replace('{{free}}', '20')).waitFor();
    // The Main Doctor's morning is shaded, the other doctor's is not.
    expect(await p.locator('.rbc-time-slot.slot-off').count()).toBeGreaterThan(0);

    // A click on the other doctor's 09:30 opens the booking form on that slot.
    const first = 9;
    const at930 = await slotPoint(p, other.id, '09:30', first);
    await p.mouse.click(at930.x, at930.y);
    await waitForPath(p, '/appointments/create');
    const query = new URL(p.url()).searchParams;
    expect([query.get('date'), query.get('time'), query.get('doctor_id')]).toEqual([date, '09:30', String(other.id)]);
    // The form offers the doctor's free slots for that day; 09:30 is the one chosen.
    await p.getByTestId('free-slot-09:30').waitFor();
    await p.locator('#field-patient_id').click();
    await p.locator('#field-patient_id').fill(name);
    await p.locator('.ant-select-item-option').filter({ hasText: name }).click();
    await p.getByTestId('appointment-save').click();
    await waitForPath(p, '/appointments');
    const list = await api<{ data: { id: number; time: string; doctor_id: number; version: number }[] }>(p, `/appointments?filter[date]=${date}&filter[patient_id]=${patient.body.data.id}`);
    expect(list.body.data).toHaveLength(1);
    const booking = list.body.data[0];
    expect([booking.time.slice(0, 5), booking.doctor_id]).toEqual(['09:30', other.id]);
    const block = p.getByTestId(`cal-event-${booking.id}`);
    await block.waitFor();
    await p.getByTestId(`doctor-column-${other.id}`).getByText(ckb.clinic.freeCount.replace('{{free}}', '17')).waitFor();

    // Dragged to the Main Doctor's 16:30: it moves there. A drag made while the grid redraws (a
    // live update of the free counts) can be lost, as a person's would: then it is made again.
    // (The target first: bringing it into view may scroll the grid.)
    const where = async () => (await api<{ data: { time: string; doctor_id: number } }>(p, `/appointments/${booking.id}`)).body.data;
    // The grid scrolled to start at 09:00, so the booking and 16:30 are both on screen.
    await p.locator('.rbc-time-content').evaluate((el, hour) => {
      el.scrollTop = el.querySelectorAll<HTMLElement>('.rbc-time-gutter .rbc-timeslot-group')[hour].offsetTop;
    }, 0);
    let target = await slotPoint(p, main.id, '16:30', first, false);
    let box = (await block.boundingBox())!;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await drag(p, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, target);
      const moved = await expect.poll(async () => (await where()).time, { timeout: 4000 }).not.toBe('09:30:00').then(() => true, () => false);
      if (moved) break;
      target = await slotPoint(p, main.id, '16:30', first, false);
      box = (await block.boundingBox())!;
    }
    await expect.poll(where, { timeout: 5000 }).toMatchObject({ time: '16:30:00', doctor_id: main.id });

    // Someone books the Main Doctor's 17:00; dragging onto it is refused, said, and undone.
    const taken = await api(p, '/appointments', { method: 'POST', body: { patient_id: patient.body.data.id, doctor_id: main.id, date, time: '17:00', duration_minutes: 30 } });
    expect(taken.status).toBe(201);
    await p.getByTestId(`doctor-column-${main.id}`).getByText(ckb.clinic.freeCount.replace('{{free}}', '17')).waitFor();
    target = await slotPoint(p, main.id, '17:15', first);
    box = (await block.boundingBox())!;
    await drag(p, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, target);
    await p.getByText(ckb.validation.appointmentOverlap.split('{{time}}')[0].trim()).first().waitFor({ timeout: 5000 });
    expect((await api<{ data: { time: string } }>(p, `/appointments/${booking.id}`)).body.data.time).toBe('16:30:00');
    await expect.poll(async () => Math.round(((await block.boundingBox())!.y - (await slotPoint(p, main.id, '16:30', first)).y) / 10), { timeout: 5000 }).toBeLessThanOrEqual(1);

    // A click on a booking opens its card with the status moves.
    await block.click();
    await p.getByTestId('calendar-booking').getByTestId(`move-${booking.id}-1`).waitFor();
  }, 120_000);

  it('postponing asks for the new slot; after a visit the doctor goes on to the next waiting patient', async () => {
    const p = page();
    await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await login(p, 'demo.localhost', 'doctor');
    await waitForPath(p, '/dashboard');
    // The clinic's today, as the screens read it (not this machine's, a day behind after 21:00 UTC).
    const today = localDay(new Date()).format('YYYY-MM-DD');
    const tag = Date.now().toString(36);
    const me = (await api<{ doctors: Doctor[] }>(p, '/dashboard/doctors')).body.doctors.find((d) => d.role === 0)!;
    // Three patients early today (other tests book the evening): two checked in, one to postpone.
    const ids: number[] = [];
    const hour = String(6 + rerun).padStart(2, '0');
    for (const [i, time] of [`${hour}:05`, `${hour}:20`, `${hour}:35`].entries()) {
      const patient = await api<{ data: { id: number } }>(p, '/patients', { method: 'POST', body: { name: `Queue ${i} ${tag}`, gender: 0 } });
      const booked = await api<{ data: { id: number } }>(p, '/appointments', { method: 'POST', body: { patient_id: patient.body.data.id, doctor_id: me.id, date: today, time, duration_minutes: 10 } });
      expect(booked.status).toBe(201);
      ids.push(booked.body.data.id);
    }
    for (const id of [ids[1], ids[0]]) expect((await api(p, `/appointments/${id}`, { method: 'PATCH', body: { status: 1 } })).status).toBe(200);

    // One is seen; then "next patient" names whoever has waited longest of those left (the demo
    // day's own waiting patients included).
    await p.goto(`${baseUrl('demo.localhost')}/visitings/${ids[1]}/new`);
    await p.locator('#visit-chief_complaint').fill('سەرئێشە');
    await p.getByTestId('visit-save').click();
    const next = p.getByTestId('next-patient');
    await next.waitFor();
    const waiting = await api<{ data: (QueueItem & { patient_id: number; checked_in_at: string | null })[]; labels: { patient_id: Record<string, string> } }>(p, `/appointments?filter[date]=${today}&filter[status]=1&filter[doctor_id]=${me.id}&per_page=100`);
    const expected = nextWaiting(waiting.body.data, ids[1])!;
    expect(waiting.body.data.map((a) => a.id)).toContain(ids[0]);
    await next.getByText(waiting.body.labels.patient_id[String(expected.patient_id)]).waitFor();
    await next.click();
    await waitForPath(p, `/visitings/${expected.id}/new`);
    await p.locator('#visit-chief_complaint').waitFor();

    // Postpone the third: the question asks for the day and time; the new booking holds them.
    await p.goto(`${baseUrl('demo.localhost')}/appointments`);
    await p.getByTestId(`move-${ids[2]}-2`).click();
    const later = localDay(new Date()).add(7, 'day').format('YYYY-MM-DD');
    await p.getByTestId(`postpone-time-${ids[2]}`).click();
    await p.getByTestId(`postpone-time-${ids[2]}`).fill(`${hour}:35`);
    await p.getByTestId(`postpone-time-${ids[2]}`).press('Enter');
    await p.locator('.ant-popconfirm').getByRole('button', { name: ckb.enums.appointmentStatus['2'] }).click();
    await expect.poll(async () => (await api<{ data: { status: number } }>(p, `/appointments/${ids[2]}`)).body.data.status, { timeout: 5000 }).toBe(2);
    const moved = await api<{ data: { time: string; status: number }[] }>(p, `/appointments?filter[date]=${later}&filter[doctor_id]=${me.id}&per_page=100`);
    expect(moved.body.data.some((a) => a.time === `${hour}:35:00` && a.status === 0)).toBe(true);
  }, 120_000);
});

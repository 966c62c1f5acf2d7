// Recurring bookings (issue 18): a slot and its weekly repeats booked all or none (a taken slot
// named by its day), one confirmation for the series, and a change to "this and the following"
// ones, or to one alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let secretary: string;
let patientId: number;
let doctorId: number;
beforeAll(async () => {
  t = await startTestApp();
  secretary = await t.login(DEMO, 'secretary');
  patientId = ((await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: 'Weekly Physio', gender: 1, phone: '0750 777 1122' } })).body.data as { id: number }).id;
  doctorId = ((await t.call('GET', '/auth/tenant/profile', { host: DEMO, token: await t.login(DEMO, 'doctor') })).body.data as { id: number }).id;
});
afterAll(() => t?.close());

type Booking = { id: number; date: string; time: string; status: number; series_id: string | null; paid_amount: string };
const day = (b: Booking) => String(b.date).slice(0, 10);
const series = async (id: string) => (await t.call('GET', `/appointments?filter[series_id]=${id}&sort=date`, { host: DEMO, token: secretary })).body.data as Booking[];

describe('a series of bookings', () => {
  let made: Booking[];
  it('books the slot and its weekly repeats together, confirmed once, a payment with the first', async () => {
    const res = await t.call('POST', '/appointments/series', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: '2034-03-06', time: '09:00', amount: 20000, payment: 20000, payment_method: 0, repeat: { every_weeks: 1, count: 4 } } });
    expect(res.status).toBe(201);
    made = res.body.data as Booking[];
    expect(made.map(day)).toEqual(['2034-03-06', '2034-03-13', '2034-03-20', '2034-03-27']);
    expect(new Set(made.map((b) => b.series_id)).size).toBe(1);
    expect(made.map((b) => Number(b.paid_amount))).toEqual([20000, 0, 0, 0]);
    const messages = (await t.call('GET', `/messages?filter[patient_id]=${patientId}`, { host: DEMO, token: secretary })).body.data as { appointment_id: number; kind: number }[];
    expect(messages.map((m) => [m.appointment_id, m.kind])).toEqual([[made[0].id, 0]]);
  });

  it('is refused whole when one repeat meets a taken slot, the day named on the field', async () => {
    const other = ((await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: 'Holds A Slot', gender: 0 } })).body.data as { id: number }).id;
    expect((await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: other, doctor_id: doctorId, date: '2034-05-15', time: '10:00' } })).status).toBe(201);
    const res = await t.call('POST', '/appointments/series', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: '2034-05-01', time: '10:00', repeat: { every_weeks: 1, count: 3 } } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain('2034-05-15');
    const left = (await t.call('GET', `/appointments?filter[patient_id]=${patientId}&filter[date][gte]=2034-05-01`, { host: DEMO, token: secretary })).body.data as Booking[];
    expect(left).toEqual([]);
    expect((await t.call('POST', '/appointments/series', { host: DEMO, token: secretary, body: { patient_id: patientId, date: '2034-05-01', time: '10:00', repeat: { every_weeks: 3, count: 3 } } })).status).toBe(422);
  });

  it('changes this and the following ones, or one alone; cancels from one on', async () => {
    const id = made[0].series_id!;
    const moved = await t.call('POST', `/appointments/${made[1].id}/following`, { host: DEMO, token: secretary, body: { time: '11:30' } });
    expect(moved.status).toBe(200);
    expect((await series(id)).map((b) => [day(b), b.time.slice(0, 5)])).toEqual([['2034-03-06', '09:00'], ['2034-03-13', '11:30'], ['2034-03-20', '11:30'], ['2034-03-27', '11:30']]);
    // A day later from the third on.
    expect((await t.call('POST', `/appointments/${made[2].id}/following`, { host: DEMO, token: secretary, body: { date: '2034-03-21' } })).status).toBe(200);
    expect((await series(id)).map(day)).toEqual(['2034-03-06', '2034-03-13', '2034-03-21', '2034-03-28']);
    // One alone.
    expect((await t.call('PATCH', `/appointments/${made[3].id}`, { host: DEMO, token: secretary, body: { time: '08:00' } })).status).toBe(200);
    expect((await series(id)).map((b) => b.time.slice(0, 5))).toEqual(['09:00', '11:30', '11:30', '08:00']);
    // Cancelled from the third on.
    expect((await t.call('POST', `/appointments/${made[2].id}/following`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.cancelled } })).status).toBe(200);
    expect((await series(id)).map((b) => b.status)).toEqual([0, 0, 7, 7]);
    // Only a cancellation, not any status; only a booking of a series.
    expect((await t.call('POST', `/appointments/${made[0].id}/following`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.done } })).status).toBe(422);
    const single = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, date: '2034-07-07', time: '09:00' } })).body.data as Booking;
    expect((await t.call('POST', `/appointments/${single.id}/following`, { host: DEMO, token: secretary, body: { time: '10:00' } })).status).toBe(409);
  });
});

// The queue's moves (issue 18): moving an appointment to Waiting stamps when the patient was
// checked in (later moves keep it; nobody sets it by hand); a referral says where to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let secretary: string;
let patientId: number;
beforeAll(async () => {
  t = await startTestApp();
  secretary = await t.login(DEMO, 'secretary');
  patientId = ((await t.call('GET', '/patients?per_page=1', { host: DEMO, token: secretary })).body.data as { id: number }[])[0].id;
});
afterAll(() => t?.close());

type Appointment = { id: number; status: number; checked_in_at: string | null };

describe('check-in time', () => {
  it('is stamped on arriving in Waiting, kept through later moves, and never taken from the client', async () => {
    const made = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, date: '2031-05-06', time: '09:00' } });
    expect(made.status).toBe(201);
    const booked = made.body.data as Appointment;
    expect(booked.checked_in_at).toBeNull();
    const before = Date.now();
    const waiting = (await t.call('PATCH', `/appointments/${booked.id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.waiting } })).body.data as Appointment;
    expect(waiting.checked_in_at).not.toBeNull();
    const stamped = new Date(waiting.checked_in_at!).getTime();
    expect(Math.abs(stamped - before)).toBeLessThan(60_000);
    const lab = (await t.call('PATCH', `/appointments/${booked.id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.lab } })).body.data as Appointment;
    expect(lab.checked_in_at).toBe(waiting.checked_in_at);
    const forged = await t.call('PATCH', `/appointments/${booked.id}`, { host: DEMO, token: secretary, body: { checked_in_at: '2020-01-01T00:00:00Z' } });
    expect(forged.status).toBe(422);
  });

  it('is stamped at once for a walk-in booked straight into Waiting', async () => {
    const made = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, date: '2031-05-07', time: '09:00', status: APPOINTMENT_STATUS.waiting } });
    expect(made.status).toBe(201);
    expect((made.body.data as Appointment).checked_in_at).not.toBeNull();
  });

  it('a referral without where to is refused on that field, and saved with it', async () => {
    const made = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, date: '2031-05-08', time: '09:00', status: APPOINTMENT_STATUS.waiting } })).body.data as Appointment;
    const bare = await t.call('PATCH', `/appointments/${made.id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.refer }, lang: 'ckb' });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.errors ?? {})).toEqual(['referral']);
    const blank = await t.call('PATCH', `/appointments/${made.id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.refer, referral: '   ' } });
    expect(blank.status).toBe(422);
    const referred = await t.call('PATCH', `/appointments/${made.id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.refer, referral: 'Rizgary Hospital, cardiology' } });
    expect(referred.status).toBe(200);
    expect(referred.body.data).toMatchObject({ status: APPOINTMENT_STATUS.refer, referral: 'Rizgary Hospital, cardiology' });
  });
});

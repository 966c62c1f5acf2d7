// Clinic rules: appointment overlaps (including two bookings racing), paid amounts, BMI, task days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let doctor: string;
let patientId: number;
beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
  const p = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Rules Patient', gender: 1 } });
  patientId = (p.body.data as { id: number }).id;
});
afterAll(() => t?.close());

const book = (body: Record<string, unknown>) => t.call('POST', '/appointments', { host: DEMO, token: doctor, body: { patient_id: patientId, ...body } });

describe('appointments', () => {
  it('refuses an appointment overlapping another of the same doctor, with a clear 422 on time', async () => {
    expect((await book({ date: '2031-03-01', time: '10:00', duration_minutes: 30 })).status).toBe(201);
    const clash = await book({ date: '2031-03-01', time: '10:15' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors?.time?.[0]).toMatch(/10:00/);
    // Back to back is fine; so is the same time on another day.
    expect((await book({ date: '2031-03-01', time: '10:30' })).status).toBe(201);
    expect((await book({ date: '2031-03-02', time: '10:15' })).status).toBe(201);
  });

  it('frees the slot of a postponed appointment, and checks moves on update', async () => {
    const first = await book({ date: '2031-04-01', time: '09:00' });
    const id = (first.body.data as { id: number }).id;
    expect((await book({ date: '2031-04-01', time: '09:05' })).status).toBe(422);
    expect((await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: doctor, body: { status: 2 } })).status).toBe(200);
    const other = await book({ date: '2031-04-01', time: '09:05' });
    expect(other.status).toBe(201);
    // Moving the postponed one back onto the taken slot is refused.
    const back = await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: doctor, body: { status: 0 } });
    expect(back.status).toBe(422);
  });

  it('lets exactly one of two racing bookings for the same slot through', async () => {
    const results = await Promise.all([book({ date: '2031-05-01', time: '11:00' }), book({ date: '2031-05-01', time: '11:00' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
  });

  it('refuses a paid amount above the amount', async () => {
    const res = await book({ date: '2031-06-01', time: '12:00', amount: 25000, paid_amount: 30000 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('paid_amount');
  });
});

describe('vital signs', () => {
  it('computes BMI from weight and height, and again when they change', async () => {
    const res = await t.call('POST', '/vitalSigns', { host: DEMO, token: doctor, body: { patient_id: patientId, weight: 80, height: 180, heart_rate: 72 } });
    expect(res.status).toBe(201);
    const vs = res.body.data as { id: number; bmi: number; measured_at: string };
    expect(vs.bmi).toBe(24.7);
    expect(vs.measured_at).toBeTruthy();
    const upd = await t.call('PATCH', `/vitalSigns/${vs.id}`, { host: DEMO, token: doctor, body: { weight: 100 } });
    expect((upd.body.data as { bmi: number }).bmi).toBe(30.9);
  });

  it('refuses implausible readings and a client-sent BMI', async () => {
    const res = await t.call('POST', '/vitalSigns', { host: DEMO, token: doctor, body: { patient_id: patientId, body_temperature: 55, oxygen_saturation: 120, bmi: 10 } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['bmi', 'body_temperature', 'oxygen_saturation']);

    const swapped = await t.call('POST', '/vitalSigns', { host: DEMO, token: doctor, body: { patient_id: patientId, systolic: 80, diastolic: 120 }, lang: 'en' });
    expect(swapped.status).toBe(422);
    expect(swapped.body.errors).toEqual({ diastolic: ['The lower (diastolic) pressure must be below the upper (systolic) one'] });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const future = await t.call('POST', '/vitalSigns', { host: DEMO, token: doctor, body: { patient_id: patientId, measured_at: later } });
    expect(Object.keys(future.body.errors ?? {})).toEqual(['measured_at']);
    // An edit is held to the same rule, against the reading's other figure.
    const ok = await t.call('POST', '/vitalSigns', { host: DEMO, token: doctor, body: { patient_id: patientId, systolic: 120, diastolic: 80 } });
    const id = (ok.body.data as { id: number }).id;
    expect((await t.call('PATCH', `/vitalSigns/${id}`, { host: DEMO, token: doctor, body: { diastolic: 130 } })).status).toBe(422);
  });

  it('lets the nurse record vital signs without editing the patient', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    expect((await t.call('POST', '/vitalSigns', { host: DEMO, token: nurse, body: { patient_id: patientId, systolic: 120, diastolic: 80 } })).status).toBe(201);
    expect((await t.call('PATCH', `/patients/${patientId}`, { host: DEMO, token: nurse, body: { notes: 'x' } })).status).toBe(403);
    expect((await t.call('GET', '/appointments', { host: DEMO, token: nurse })).status).toBe(403);
    expect((await t.call('GET', '/incomes', { host: DEMO, token: nurse })).status).toBe(403);
  });
});

describe('tasks', () => {
  it('are open to every staff member, and the end day cannot precede the start day', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    expect((await t.call('POST', '/tasks', { host: DEMO, token: nurse, body: { title: 'Order gloves', start_day: '2031-01-02', end_day: '2031-01-05' } })).status).toBe(201);
    const bad = await t.call('POST', '/tasks', { host: DEMO, token: nurse, body: { title: 'Backwards', start_day: '2031-01-05', end_day: '2031-01-02' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('end_day');
  });
});

// Clinic rules: appointment overlaps per doctor (including two bookings racing), the doctor of an
// appointment, paid amounts, BMI, task days.
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

  it('refuses a payment above the amount', async () => {
    const res = await book({ date: '2031-06-01', time: '12:00', amount: 25000, payment: 30000 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('payment');
  });
});

describe("an appointment's doctor", () => {
  const staff = async (username: string, role: number, is_active = true) => {
    const res = await t.call('POST', '/tenantUsers', { host: DEMO, token: doctor, body: { name: `Dr ${username}`, username, role, is_active, password: 'a-long-password-1' } });
    expect(res.status).toBe(201);
    return (res.body.data as { id: number }).id;
  };
  let second: number;
  let nurse: number;
  let away: number;
  beforeAll(async () => {
    second = await staff('second.doctor', 1);
    nurse = await staff('rules.nurse', 3);
    away = await staff('away.doctor', 1, false);
  });

  it('keeps each doctor to their own slots: two doctors may see patients at the same time', async () => {
    const mine = await book({ date: '2031-07-01', time: '10:00' });
    expect(mine.status).toBe(201);
    const theirs = await book({ date: '2031-07-01', time: '10:00', doctor_id: second });
    expect(theirs.status).toBe(201);
    expect((theirs.body.data as { doctor_id: number }).doctor_id).toBe(second);
    const clash = await book({ date: '2031-07-01', time: '10:05', doctor_id: second });
    expect(clash.status).toBe(422);
    expect(clash.body.errors?.time?.[0]).toMatch(/10:00/);
    // Moving the second doctor's booking to the first doctor's taken slot is refused too.
    const id = (theirs.body.data as { id: number }).id;
    const moved = await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: doctor, body: { doctor_id: (mine.body.data as { doctor_id: number }).doctor_id } });
    expect(moved.status).toBe(422);
  });

  it('must be an active Main Doctor or Doctor of the clinic (422 on doctor_id)', async () => {
    for (const doctorId of [nurse, away, 999999]) {
      const res = await book({ date: '2031-07-02', time: '10:00', doctor_id: doctorId });
      expect(res.status, String(doctorId)).toBe(422);
      expect(res.body.errors).toHaveProperty('doctor_id');
    }
  });

  it('defaults to the booking doctor, or to the Main Doctor when the secretary books', async () => {
    const catalogue = (await t.call('GET', '/permissions', { host: DEMO, token: doctor })).body.permissions as { id: number; table_name: string }[];
    const appointmentRights = catalogue.filter((p) => p.table_name === 'appointments').map((p) => p.id);
    expect((await t.call('PUT', '/permissions/update', { host: DEMO, token: doctor, body: { user: second, permissions: appointmentRights } })).status).toBe(200);
    const secondToken = await t.login(DEMO, 'second.doctor', 'a-long-password-1');
    const own = await t.call('POST', '/appointments', { host: DEMO, token: secondToken, body: { patient_id: patientId, date: '2031-07-03', time: '09:00' } });
    expect(own.status).toBe(201);
    expect((own.body.data as { doctor_id: number }).doctor_id).toBe(second);
    const secretary = await t.login(DEMO, 'secretary');
    const booked = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, date: '2031-07-03', time: '09:00' } });
    expect(booked.status).toBe(201);
    const { body } = await t.call('GET', '/dashboard/doctors', { host: DEMO, token: secretary });
    const doctors = (body as { doctors: { id: number; name: string; role: number }[] }).doctors;
    expect(doctors[0].role).toBe(0);
    expect((booked.body.data as { doctor_id: number }).doctor_id).toBe(doctors[0].id);
    // The secretary's list to choose from: active doctors only, names without logins.
    expect(doctors.map((d) => d.id)).toContain(second);
    expect(doctors.map((d) => d.id)).not.toContain(away);
    expect(doctors.map((d) => d.id)).not.toContain(nurse);
    expect(Object.keys(doctors[0]).sort()).toEqual(['id', 'name', 'role']);
  });
});

describe('patients', () => {
  it('refuses a date of birth in the future, in the caller language, and accepts today', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const future = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Future Baby', gender: 0, date_of_birth: day(3) }, lang: 'ckb' });
    expect(future.status).toBe(422);
    expect(future.body.errors?.date_of_birth?.[0]).toBe('بەروار ناتوانێت لە داهاتوودا بێت');
    const born = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Newborn Baby', gender: 0, date_of_birth: day(0) } });
    expect(born.status).toBe(201);
    const id = (born.body.data as { id: number }).id;
    expect((await t.call('PATCH', `/patients/${id}`, { host: DEMO, token: doctor, body: { date_of_birth: day(30) } })).status).toBe(422);
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

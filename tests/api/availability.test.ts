// Working hours and free slots (issue 18): GET /appointments/availability answers each doctor's
// hours (weekly hours less the break, nothing on a closed day) and the free slots between the
// bookings that hold time; a move onto a taken slot is refused with the reason, and the slot list
// names no patient.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import ckb from '../../locales/ckb.json';
import { DEMO, type TestApp, startTestApp } from './harness';

type DoctorDay = { doctor_id: number; closed: boolean; reason: string | null; hours: { start: string; end: string }[] | null; free: string[] };
type Availability = { slot: number; days: { date: string; doctors: DoctorDay[] }[] };

let t: TestApp;
let main: string;
let secretary: string;
let nurse: string;
let doctorId: number;
let patientId: number;
// A Sunday and the Friday after it, far ahead so nothing seeded or past interferes.
const SUNDAY = '2031-06-01';
const FRIDAY = '2031-06-06';

beforeAll(async () => {
  t = await startTestApp();
  main = await t.login(DEMO, 'doctor');
  secretary = await t.login(DEMO, 'secretary');
  nurse = await t.login(DEMO, 'nurse');
  doctorId = ((await t.call('GET', '/tenantUsers?filter[role]=1', { host: DEMO, token: main })).body.data as { id: number }[])[0].id;
  patientId = ((await t.call('GET', '/patients?per_page=1', { host: DEMO, token: secretary })).body.data as { id: number }[])[0].id;
  // A clean week for this doctor: Sunday 09:00-10:00 and 10:30-12:00 (a break), nothing on Friday.
  const old = (await t.call('GET', `/working-hours?filter[doctor_id]=${doctorId}&per_page=50`, { host: DEMO, token: main })).body.data as { id: number }[];
  for (const row of old) expect((await t.call('DELETE', `/working-hours/${row.id}`, { host: DEMO, token: main })).status).toBe(204);
  for (const [start_time, end_time] of [['09:00', '10:00'], ['10:30', '11:15'], ['11:00', '12:00']]) {
    const made = await t.call('POST', '/working-hours', { host: DEMO, token: secretary, body: { doctor_id: doctorId, weekday: 0, start_time, end_time } });
    expect(made.status).toBe(201);
  }
});
afterAll(() => t?.close());

const availability = async (query: string, token = secretary) => t.call('GET', `/appointments/availability?${query}`, { host: DEMO, token });
const dayOf = (body: Availability, date: string) => body.days.find((d) => d.date === date)!.doctors.find((d) => d.doctor_id === doctorId)!;

describe('working hours', () => {
  it('ends after it starts', async () => {
    const backwards = await t.call('POST', '/working-hours', { host: DEMO, token: secretary, body: { doctor_id: doctorId, weekday: 1, start_time: '15:00', end_time: '13:00' } });
    expect(backwards.status).toBe(422);
    expect(Object.keys(backwards.body.errors ?? {})).toEqual(['end_time']);
  });

  it('is kept by who may change appointments: the nurse may not', async () => {
    const refused = await t.call('POST', '/working-hours', { host: DEMO, token: nurse, body: { doctor_id: doctorId, weekday: 2, start_time: '09:00', end_time: '13:00' } });
    expect(refused.status).toBe(403);
  });
});

describe('availability', () => {
  it('offers the free slots within the hours (overlapping stretches joined), less the bookings holding time', async () => {
    const booked = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: SUNDAY, time: '09:15', duration_minutes: 20 } });
    expect(booked.status).toBe(201);
    // Postponed: it no longer holds its slot.
    const moved = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: SUNDAY, time: '11:00', status: APPOINTMENT_STATUS.postponed } });
    expect(moved.status).toBe(201);
    const reply = await availability(`from=${SUNDAY}&to=${FRIDAY}&doctor_id=${doctorId}`);
    expect(reply.status).toBe(200);
    const body = reply.body.data as Availability;
    expect(body.slot).toBe(15);
    expect(body.days.map((d) => d.date)).toHaveLength(6);
    const sunday = dayOf(body, SUNDAY);
    expect(sunday.hours).toEqual([{ start: '09:00', end: '10:00' }, { start: '10:30', end: '12:00' }]);
    expect(sunday.free).toEqual(['09:00', '09:45', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45']);
    // No hours on Friday: a day off, nothing free.
    expect(dayOf(body, FRIDAY)).toMatchObject({ closed: false, hours: [], free: [] });
    const half = (await availability(`from=${SUNDAY}&doctor_id=${doctorId}&slot=30`)).body.data as Availability;
    expect(dayOf(half, SUNDAY).free).toEqual(['10:30', '11:00', '11:30']);
  });

  it('a closed day of the clinic, or of this doctor, leaves nothing free and says why', async () => {
    const closed = await t.call('POST', '/closed-days', { host: DEMO, token: secretary, body: { date: '2031-06-08', reason: 'Newroz' } });
    expect(closed.status).toBe(201);
    await t.call('POST', '/working-hours', { host: DEMO, token: secretary, body: { doctor_id: doctorId, weekday: 1, start_time: '09:00', end_time: '10:00' } });
    const own = await t.call('POST', '/closed-days', { host: DEMO, token: secretary, body: { date: '2031-06-09', doctor_id: doctorId, reason: 'Conference' } });
    expect(own.status).toBe(201);
    const body = (await availability(`from=2031-06-08&to=2031-06-16`)).body.data as Availability;
    expect(dayOf(body, '2031-06-08')).toMatchObject({ closed: true, reason: 'Newroz', free: [] });
    expect(dayOf(body, '2031-06-09')).toMatchObject({ closed: true, reason: 'Conference', free: [] });
    // The Main Doctor is not closed by the other doctor's conference.
    expect(body.days.find((d) => d.date === '2031-06-09')!.doctors.some((d) => d.doctor_id !== doctorId && !d.closed)).toBe(true);
    expect(dayOf(body, '2031-06-16').free).toEqual(['09:00', '09:15', '09:30', '09:45']);
  });

  it("offers none of today's past slots", async () => {
    const body = (await availability(`from=2020-01-05&to=2020-01-05&doctor_id=${doctorId}`)).body.data as Availability;
    expect(dayOf(body, '2020-01-05')).toMatchObject({ hours: [{ start: '09:00', end: '10:00' }, { start: '10:30', end: '12:00' }], free: [] });
  });

  it('names no patient, and asks the right to read appointments', async () => {
    const reply = await availability(`from=${SUNDAY}&doctor_id=${doctorId}`);
    expect(JSON.stringify(reply.body)).not.toMatch(/patient|name/i);
    const stranger = await t.call('GET', `/appointments/availability?from=${SUNDAY}`, { host: DEMO });
    expect(stranger.status).toBe(401);
  });

  it('refuses a range it cannot read, on the field', async () => {
    for (const [query, field] of [['from=2031-13-01', 'from'], [`from=${SUNDAY}&to=2031-05-01`, 'to'], [`from=${SUNDAY}&to=2031-09-01`, 'to'], [`from=${SUNDAY}&slot=2`, 'slot'], [`from=${SUNDAY}&doctor_id=x`, 'doctor_id']]) {
      const reply = await availability(query, main);
      expect(reply.status, query).toBe(422);
      expect(Object.keys(reply.body.errors ?? {}), query).toEqual([field]);
    }
  });
});

describe('moving a booking (the calendar drag)', () => {
  it('to another time or doctor is one PATCH; onto a taken slot it is refused with the reason and nothing changes', async () => {
    const a = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: '2031-06-15', time: '09:00' } })).body.data as { id: number; version: number };
    const b = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: '2031-06-15', time: '10:30' } })).body.data as { id: number };
    const clash = await t.call('PATCH', `/appointments/${a.id}`, { host: DEMO, token: secretary, body: { time: '10:35' }, lang: 'ckb' });
    expect(clash.status).toBe(422);
    expect(Object.keys(clash.body.errors ?? {})).toEqual(['time']);
    expect(JSON.stringify(clash.body.errors)).toContain('10:30');
    const still = (await t.call('GET', `/appointments/${a.id}`, { host: DEMO, token: secretary })).body.data as { time: string; version: number };
    expect(still.time.slice(0, 5)).toBe('09:00');
    expect(still.version).toBe(a.version);
    const mainDoctor = (await t.call('GET', '/tenantUsers?filter[role]=0', { host: DEMO, token: main })).body.data as { id: number }[];
    const moved = await t.call('PATCH', `/appointments/${a.id}`, { host: DEMO, token: secretary, body: { time: '10:30', doctor_id: mainDoctor[0].id } });
    expect(moved.status).toBe(200);
    expect(b.id).toBeGreaterThan(0);
  });
});

describe('postponing to a new slot', () => {
  it('whose answer was lost, then kept on the device as its two writes and sent from its outbox: one new booking, no refusal', async () => {
    const old = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: '2031-08-03', time: '09:00', duration_minutes: 20 } })).body.data as { id: number; version: number };
    const ref = randomUUID();
    // The postpone reached the server; its answer never reached the desk.
    const first = await t.call('POST', `/appointments/${old.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-08-10', time: '09:30', client_ref: ref }, headers: { 'Idempotency-Key': ref } });
    expect(first.status).toBe(201);
    // During the cut the desk postponed again: the outbox sends the booking Postponed on the version
    // it held, then the new booking under the same reference (offline/actions.ts), each with a key of its own.
    const postponed = await t.call('PATCH', `/appointments/${old.id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.postponed }, headers: { 'If-Match': `"${old.version}"`, 'Idempotency-Key': randomUUID() } });
    expect(postponed.status).toBe(200);
    const made = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, duration_minutes: 20, date: '2031-08-10', time: '09:30', status: APPOINTMENT_STATUS.active, client_ref: ref.toUpperCase() }, headers: { 'Idempotency-Key': randomUUID() } });
    expect([made.status, (made.body.data as { id: number }).id]).toEqual([201, (first.body.data as { id: number }).id]);
    // The same postpone sent once more under a key of its own: the booking it made, no other.
    const again = await t.call('POST', `/appointments/${old.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-08-10', time: '09:30', client_ref: ref }, headers: { 'Idempotency-Key': randomUUID() } });
    expect([again.status, (again.body.data as { id: number }).id]).toEqual([201, (first.body.data as { id: number }).id]);
    // Another patient's postponed booking naming that reference: refused, not answered with this one.
    const stranger = (await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: `Stranger ${ref.slice(0, 6)}`, gender: 0 } })).body.data as { id: number };
    const theirs = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: stranger.id, doctor_id: doctorId, date: '2031-08-17', time: '09:00' } })).body.data as { id: number };
    expect((await t.call('PATCH', `/appointments/${theirs.id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.postponed } })).status).toBe(200);
    expect((await t.call('POST', `/appointments/${theirs.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-08-10', time: '09:30', client_ref: ref } })).status).toBe(409);
    // Perhaps done, tried again with another slot: refused, saying why; no second booking.
    const otherSlot = await t.call('POST', `/appointments/${old.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-08-10', time: '11:00', client_ref: randomUUID() }, lang: 'ckb' });
    expect([otherSlot.status, otherSlot.body.message]).toEqual([409, ckb.errors.notPostponable]);
    const atSlot = (await t.call('GET', `/appointments?filter[date]=2031-08-10&filter[patient_id]=${patientId}`, { host: DEMO, token: secretary })).body.data as unknown[];
    expect(atSlot).toHaveLength(1);
  });

  it.each([
    ['done', APPOINTMENT_STATUS.done, 409],
    ['cancelled', APPOINTMENT_STATUS.cancelled, 409],
    ['waiting (checked in)', APPOINTMENT_STATUS.waiting, 409],
    ['late', APPOINTMENT_STATUS.late, 201],
  ] as const)('a booking %s: postponing it answers %i', async (_name, status, expected) => {
    const day = `2031-09-${String(10 + status).padStart(2, '0')}`;
    const booking = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: day, time: '09:00' } })).body.data as { id: number };
    expect((await t.call('PATCH', `/appointments/${booking.id}`, { host: DEMO, token: secretary, body: { status, ...(status === APPOINTMENT_STATUS.done && { doctor_id: doctorId }) } })).status).toBe(200);
    const res = await t.call('POST', `/appointments/${booking.id}/postpone`, { host: DEMO, token: secretary, body: { date: day, time: '10:00' } });
    expect(res.status).toBe(expected);
    expect(((await t.call('GET', `/appointments?filter[date]=${day}&filter[patient_id]=${patientId}`, { host: DEMO, token: secretary })).body.data as unknown[]).length).toBe(expected === 201 ? 2 : 1);
  });

  it('marks the booking Postponed and books the new slot in one step; a taken slot leaves it as it was', async () => {
    const old = (await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: '2031-06-22', time: '09:00', duration_minutes: 20, amount: 25000 } })).body.data as { id: number };
    const other = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, doctor_id: doctorId, date: '2031-06-29', time: '09:00' } });
    expect(other.status).toBe(201);
    const refused = await t.call('POST', `/appointments/${old.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-06-29', time: '09:10' }, lang: 'ckb' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['time']);
    expect(((await t.call('GET', `/appointments/${old.id}`, { host: DEMO, token: secretary })).body.data as { status: number }).status).toBe(APPOINTMENT_STATUS.active);

    const bad = await t.call('POST', `/appointments/${old.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-02-30', time: '9' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['date', 'time']);

    const moved = await t.call('POST', `/appointments/${old.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-06-29', time: '09:30' } });
    expect(moved.status).toBe(201);
    expect(moved.body.data).toMatchObject({ patient_id: patientId, doctor_id: doctorId, date: '2031-06-29', time: '09:30:00', duration_minutes: 20, amount: 25000, status: APPOINTMENT_STATUS.active });
    expect(((await t.call('GET', `/appointments/${old.id}`, { host: DEMO, token: secretary })).body.data as { status: number }).status).toBe(APPOINTMENT_STATUS.postponed);
    // A client reference that is no device's (not a UUID) is refused on its field.
    const badRef = await t.call('POST', `/appointments/${old.id}/postpone`, { host: DEMO, token: secretary, body: { date: '2031-06-29', time: '09:45', client_ref: 'x' } });
    expect([badRef.status, Object.keys(badRef.body.errors ?? {})]).toEqual([422, ['client_ref']]);
    // The nurse, who may not change appointments, may not postpone one.
    const nurseTry = await t.call('POST', `/appointments/${(moved.body.data as { id: number }).id}/postpone`, { host: DEMO, token: nurse, body: { date: '2031-07-06', time: '09:00' } });
    expect(nurseTry.status).toBe(403);
  });
});

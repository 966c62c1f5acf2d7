// Online booking (issue 18): the clinic chooses doctors, services, notice and how far ahead; a
// patient sees free times only (never who holds the others), asks with a name and phone; the
// request holds its slot until the desk books it (the patient found by phone or registered, the
// confirmation written) or declines it; "at once" books it as it arrives; requests are limited per
// phone and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import dayjs from 'dayjs';
import { dayOf } from '../../src/server/days';
import { DEMO, PASSWORD, type TestApp, startTestApp } from './harness';
import { advanceToEvening } from './fixtures';

let t: TestApp;
let doctor: string;
let secretary: string;
let doctorId: number;
let serviceId: number;
/** A day the doctor works, well inside the window and past the notice. */
let day: string;

const settings = (over: Record<string, unknown> = {}) => ({ enabled: true, auto_confirm: false, doctor_ids: [doctorId], service_ids: [serviceId], min_notice_hours: 2, max_days_ahead: 30, ...over });
const put = (body: unknown, token = doctor) => t.call('PUT', '/settings/online-booking', { host: DEMO, token, body });
const ask = (body: Record<string, unknown>, ip = '203.0.113.7') =>
  t.call('POST', '/public/booking', { host: DEMO, ip, body: { doctor_id: doctorId, date: day, name: 'Online Patient', gender: 1, ...body } });
const slotsOf = async (date = day) => ((await t.call('GET', `/public/booking/slots?doctor_id=${doctorId}&from=${date}&to=${date}`, { host: DEMO })).body.data as { days: { date: string; free: string[] }[] }).days[0]?.free ?? [];

beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
  secretary = await t.login(DEMO, 'secretary');
  doctorId = ((await t.call('GET', '/auth/tenant/profile', { host: DEMO, token: doctor })).body.data as { id: number }).id;
  serviceId = ((await t.call('POST', '/prices', { host: DEMO, token: doctor, body: { name: 'Consultation', price: 25000 } })).body.data as { id: number }).id;
  // 09:00-12:00 every day of the week.
  for (let weekday = 0; weekday < 7; weekday++) {
    const made = await t.call('POST', '/working-hours', { host: DEMO, token: doctor, body: { doctor_id: doctorId, weekday, start_time: '09:00', end_time: '12:00' } });
    expect(made.status).toBe(201);
  }
  day = dayjs(dayOf(new Date())).add(5, 'day').format('YYYY-MM-DD');
}, 120_000);
afterAll(() => t?.close());

describe("the clinic's choices", () => {
  it('are the Main Doctor’s, name only its own active doctors, and are off until chosen', async () => {
    expect((await t.call('GET', '/public/booking', { host: DEMO })).status).toBe(404);
    expect((await put(settings(), secretary)).status).toBe(403);
    expect((await put(settings({ doctor_ids: [999_999] }))).body).toMatchObject({ errors: { doctor_ids: expect.any(Array) } });
    expect((await put(settings({ doctor_ids: [] }))).status).toBe(422);
    expect((await put(settings())).status).toBe(200);
    expect((await t.call('GET', '/settings/online-booking', { host: DEMO, token: secretary })).body.data).toMatchObject(settings());
    const shown = (await t.call('GET', '/public/booking', { host: DEMO })).body.data as { doctors: { id: number; name: string }[]; services: { id: number }[] };
    expect(shown.doctors.map((d) => d.id)).toEqual([doctorId]);
    expect(shown.services.map((s) => s.id)).toEqual([serviceId]);
    // Its days are the clinic's, in the clinic's zone, which the page's calendar counts by.
    expect(shown).toMatchObject({ time_zone: 'Asia/Baghdad' });
  });
});

describe('a patient online', () => {
  it('sees free times only: a booked slot is missing and nothing names its patient', async () => {
    const patient = (await t.call('GET', '/patients?per_page=1', { host: DEMO, token: secretary })).body.data as { id: number; name: string }[];
    expect((await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patient[0].id, doctor_id: doctorId, date: day, time: '09:30', duration_minutes: 30 } })).status).toBe(201);
    const res = await t.call('GET', `/public/booking/slots?doctor_id=${doctorId}&from=${day}&to=${day}`, { host: DEMO });
    const free = (res.body.data as { days: { free: string[] }[] }).days[0].free;
    expect(free).toContain('09:00');
    expect(free).not.toContain('09:30');
    expect(free).not.toContain('09:45');
    expect(free).toContain('10:00');
    expect(JSON.stringify(res.body)).not.toContain(patient[0].name);
    expect(Object.keys(res.body.data as object)).toEqual(['days']);
    // Another doctor's, or one not offered, is not shown.
    expect((await t.call('GET', `/public/booking/slots?doctor_id=${doctorId + 1000}&from=${day}`, { host: DEMO })).status).toBe(422);
  });

  it('asks for a free slot; the request holds it; a taken, too soon or too far one is refused on its field', async () => {
    const made = await ask({ time: '10:00', phone: '0770 111 2233', service_id: serviceId, reason: 'Back pain' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ status: 'pending' });
    expect(await slotsOf()).not.toContain('10:00');
    expect((await ask({ time: '10:00', phone: '0770 111 4455' })).body).toMatchObject({ errors: { time: expect.any(Array) } });
    expect((await ask({ time: '09:30', phone: '0770 111 4455' })).body).toMatchObject({ errors: { time: expect.any(Array) } });
    const far = dayjs(dayOf(new Date())).add(40, 'day').format('YYYY-MM-DD');
    expect((await ask({ date: far, time: '10:00', phone: '0770 111 4455' })).body).toMatchObject({ errors: { time: expect.any(Array) } });
    const past = dayjs(dayOf(new Date())).subtract(1, 'day').format('YYYY-MM-DD');
    expect((await ask({ date: past, time: '10:00', phone: '0770 111 4455' })).status).toBe(422);
    expect((await ask({ time: '10:15', phone: 'not a phone' })).body).toMatchObject({ errors: { phone: expect.any(Array) } });
    // The desk is told.
    const bell = (await t.call('GET', '/notifications?per_page=50', { host: DEMO, token: secretary })).body.data as { kind: string }[];
    expect(bell.some((n) => n.kind === 'bookingRequested')).toBe(true);
  });

  it('is limited per phone and per address', async () => {
    expect((await ask({ time: '10:30', phone: '0770 222 0001' }, '198.51.100.1')).status).toBe(201);
    expect((await ask({ time: '10:45', phone: '0770 222 0001' }, '198.51.100.2')).status).toBe(201);
    expect((await ask({ time: '11:00', phone: '0770 222 0001' }, '198.51.100.3')).body).toMatchObject({ errors: { phone: expect.any(Array) } });
    const later = dayjs(day).add(1, 'day').format('YYYY-MM-DD');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask({ date: later, time: `${String(9 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`, phone: `0770 333 00${i}${i}` }, '198.51.100.9')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });
});

describe('the desk', () => {
  type Req = { id: number; status: string; patient_id: number | null; appointment_id: number | null; decided_by: number | null };
  const requests = async () => (await t.call('GET', '/booking-requests?sort=id&per_page=100', { host: DEMO, token: secretary })).body.data as (Req & { phone: string; time: string })[];

  it('books a request: a new patient registered, the booking made with its confirmation', async () => {
    const req = (await requests()).find((r) => r.phone === '+9647701112233')!;
    const res = await t.call('POST', `/booking-requests/${req.id}/approve`, { host: DEMO, token: secretary });
    expect(res.status).toBe(200);
    const done = res.body.data as Req;
    expect(done).toMatchObject({ status: 'approved' });
    expect(done.decided_by).not.toBeNull();
    const booking = (await t.call('GET', `/appointments/${done.appointment_id}`, { host: DEMO, token: secretary })).body.data as { patient_id: number; origin: number; time: string; service_id: number; notes: string };
    expect(booking).toMatchObject({ patient_id: done.patient_id, origin: 2, time: '10:00:00', service_id: serviceId, notes: 'Back pain' });
    const patient = (await t.call('GET', `/patients/${done.patient_id}`, { host: DEMO, token: secretary })).body.data as { name: string; phone: string };
    expect(patient).toMatchObject({ name: 'Online Patient', phone: '+9647701112233' });
    const messages = (await t.call('GET', `/messages?filter[appointment_id]=${done.appointment_id}`, { host: DEMO, token: secretary })).body.data as { kind: number }[];
    expect(messages.map((m) => m.kind)).toEqual([0]);
    expect((await t.call('POST', `/booking-requests/${req.id}/approve`, { host: DEMO, token: secretary })).status).toBe(409);
  });

  it('finds a known patient by phone; declines another request and its slot is free again', async () => {
    const [first, second] = (await requests()).filter((r) => r.phone === '+9647702220001');
    const existing = (await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: 'Already Known', gender: 0, phone: '0770 222 0001' } })).body.data as { id: number };
    const booked = (await t.call('POST', `/booking-requests/${first.id}/approve`, { host: DEMO, token: secretary })).body.data as Req;
    expect(booked.patient_id).toBe(existing.id);
    const declined = await t.call('POST', `/booking-requests/${second.id}/decline`, { host: DEMO, token: secretary });
    expect(declined.body.data).toMatchObject({ status: 'declined', appointment_id: null });
    expect(await slotsOf()).toContain('10:45');
    // The nurse may not book for the clinic.
    const nurse = await t.login(DEMO, 'nurse');
    expect([403, 404]).toContain((await t.call('POST', `/booking-requests/${second.id}/decline`, { host: DEMO, token: nurse })).status);
  });

  it('with "at once", a request is booked as it arrives, named "online booking" in the audit trail', async () => {
    expect((await put(settings({ auto_confirm: true }))).status).toBe(200);
    const made = await ask({ time: '11:30', phone: '0750 444 5566' }, '192.0.2.44');
    expect(made.body.data).toMatchObject({ status: 'approved' });
    const req = (await requests()).find((r) => r.phone === '+9647504445566')!;
    expect(req.appointment_id).not.toBeNull();
    const { rows } = await sql<{ actor_name: string }>`select actor_name from audit_events where resource = 'appointments' and record_id = ${req.appointment_id} and action = 'create'`.execute(t.db.kysely);
    expect(rows.map((r) => r.actor_name)).toEqual(['online booking']);
  });
});

// Last in the file: it moves the clock. At 21:30 UTC the clinic (Asia/Baghdad) is already on the
// machine's tomorrow: that is the day offered, and the machine's today is the clinic's past.
describe("the clinic's day, not the server machine's", () => {
  it('offers and takes the clinic’s today at 21:30 UTC, and refuses its yesterday', async () => {
    const at = advanceToEvening(t);
    // A new sign-in (the kept one has been idle for hours on this clock).
    const fresh = String((await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'doctor', password: PASSWORD } })).body.token);
    expect((await put(settings({ min_notice_hours: 0 }), fresh)).status).toBe(200);
    const today = dayOf(at);
    expect(today).not.toBe(at.toISOString().slice(0, 10));
    const offer = (await t.call('GET', '/public/booking', { host: DEMO })).body.data as { from: string; to: string };
    expect(offer.from).toBe(today);
    expect(await slotsOf(today)).toContain('11:00');
    const machineDay = at.toISOString().slice(0, 10);
    expect((await ask({ date: machineDay, time: '11:00', phone: '0770 222 9911' }, '203.0.113.99')).body).toMatchObject({ errors: { time: expect.any(Array) } });
    expect((await ask({ date: today, time: '11:00', phone: '0770 222 9911' }, '203.0.113.99')).status).toBe(201);
  });
});

// Archiving a patient cancels their bookings still to come (issue 32): the slots free, their
// waiting messages are withdrawn, each cancellation is in the trail; the confirmation is told how
// many first; restoring the patient brings none back; past and finished bookings stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  token = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { host: DEMO, token, body });

describe('archiving a patient', () => {
  it('cancels the future bookings, withdraws their messages, frees the slots; restoring brings none back', async () => {
    const patient = (await call('POST', '/patients', { name: 'Weekly Patient', gender: 0, phone: '07501234567' })).body.data as { id: number };
    const today = dayjs().format('YYYY-MM-DD');
    const weeks = [1, 2, 3, 4].map((w) => dayjs().add(w, 'week').format('YYYY-MM-DD'));
    const booked: number[] = [];
    for (const date of weeks) {
      const res = await call('POST', '/appointments', { patient_id: patient.id, date, time: '09:00', duration_minutes: 15 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      booked.push((res.body.data as { id: number }).id);
    }
    const past = await call('POST', '/appointments', { patient_id: patient.id, date: dayjs().subtract(1, 'week').format('YYYY-MM-DD'), time: '09:00', duration_minutes: 15 });
    const pastId = (past.body.data as { id: number }).id;
    const done = await call('POST', '/appointments', { patient_id: patient.id, date: today, time: '23:00', duration_minutes: 15, status: 6 });
    const doneId = (done.body.data as { id: number }).id;
    // A waiting reminder of a booking to come.
    const { rows: waiting } = await sql<{ n: number }>`select count(*)::int as n from messages where appointment_id = ${booked[0]} and status = 'pending'`.execute(t.db.kysely);

    const effects = await call('GET', `/patients/${patient.id}/archive-effects`);
    expect(effects.status).toBe(200);
    expect(effects.body.data).toEqual({ appointments: 4 });

    const archived = await call('DELETE', `/patients/${patient.id}`);
    expect(archived.status).toBe(200);
    const statuses = await sql<{ id: number; status: number }>`select id, status from appointments where patient_id = ${patient.id} order by id`.execute(t.db.kysely);
    const byId = new Map(statuses.rows.map((r) => [Number(r.id), Number(r.status)]));
    for (const id of booked) expect(byId.get(id)).toBe(7);
    expect(byId.get(pastId)).toBe(0);
    expect(byId.get(doneId)).toBe(6);
    expect(waiting[0].n).toBeGreaterThan(0);
    {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from messages where appointment_id = ${booked[0]} and status = 'pending'`.execute(t.db.kysely);
      expect(rows[0].n).toBe(0);
    }
    const trail = await sql<{ record_id: number }>`select record_id from audit_events where resource = 'appointments' and action = 'update' and record_id in (${sql.join(booked)}) and fields = array['status']`.execute(t.db.kysely);
    expect(trail.rows.map((r) => Number(r.record_id)).sort()).toEqual([...booked].sort());

    // The slot is free for another patient.
    const other = (await call('POST', '/patients', { name: 'Next In Line', gender: 1 })).body.data as { id: number };
    expect((await call('POST', '/appointments', { patient_id: other.id, date: weeks[0], time: '09:00', duration_minutes: 15 })).status).toBe(201);

    // Restoring the patient brings none back, and asks nothing more.
    expect((await call('POST', `/patients/${patient.id}/restore`)).status).toBe(200);
    const after = await sql<{ n: number }>`select count(*)::int as n from appointments where patient_id = ${patient.id} and status = 7`.execute(t.db.kysely);
    expect(after.rows[0].n).toBe(4);
    expect((await call('GET', `/patients/${patient.id}/archive-effects`)).body.data).toEqual({ appointments: 0 });
  });

  it("asks another clinic's patient nothing, and only of whoever may delete", async () => {
    const patient = (await call('POST', '/patients', { name: 'Not Yours', gender: 0 })).body.data as { id: number };
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('GET', `/patients/${patient.id}/archive-effects`, { host: OTHER, token: boss })).status).toBe(404);
    const nurse = await t.login(DEMO, 'nurse');
    expect((await t.call('GET', `/patients/${patient.id}/archive-effects`, { host: DEMO, token: nurse })).status).toBe(403);
  });
});

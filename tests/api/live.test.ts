// Live updates (issue 18): a change by one user reaches another user's open event stream (GET
// /live) within 2 seconds, also when the stream is held by another server process (on PostgreSQL
// the stream is opened on a second server beside the one written to; on the embedded database
// both are one). A stream hears only its clinic, only what its caller may read, and of one
// person's rows (notifications) only its own; an event names records, never their content.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/server/modules/notifications';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, whoIs } from './fixtures';

interface Change {
  resource: string;
  type: string;
  ids: number[];
}

let a: TestApp;
let b: TestApp;
let port: number;

beforeAll(async () => {
  a = await startTestApp();
  b = a.databaseUrl ? await startTestApp({ beside: a }) : a;
  await createOtherClinic(a);
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  port = (b.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});

/** An open stream on server b: the changes heard so far, and a way to wait for one. */
function stream(host: string, token: string): Promise<{ status: number; changes: Change[]; raw: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const changes: Change[] = [];
    let text = '';
    const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/live', headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const block of chunk.split('\n\n')) {
          const data = /^event: change\ndata: (.*)$/m.exec(block);
          if (data) changes.push(JSON.parse(data[1]) as Change);
        }
      });
      resolve({ status: res.statusCode ?? 0, changes, raw: () => text, close: () => req.destroy() });
    });
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
  });
}

const heard = (s: { changes: Change[] }, resource: string, id: number) => s.changes.some((c) => c.resource === resource && c.ids.includes(id));

async function within2s(check: () => boolean): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 2000) throw new Error('not heard within 2 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

describe('live updates', () => {
  it('needs a session: 401 without one', async () => {
    const s = await stream(DEMO, 'nope');
    expect(s.status).toBe(401);
    s.close();
  });

  it("reach another user's stream within 2 s, and no other clinic's", async () => {
    const doctor = await a.login(DEMO, 'doctor');
    const secretary = await a.login(DEMO, 'secretary');
    const boss = await a.login(OTHER, 'boss', 'copper-harbor-6620');
    const watching = await stream(DEMO, await b.login(DEMO, 'doctor'));
    const elsewhere = await stream(OTHER, boss);
    expect(watching.status).toBe(200);
    const patient = ((await a.call('GET', '/patients?per_page=1', { host: DEMO, token: doctor })).body.data as { id: number }[])[0];
    const made = await a.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patient.id, date: '2031-03-04', time: '11:15' } });
    expect(made.status).toBe(201);
    const id = (made.body.data as { id: number }).id;
    const ms = await within2s(() => heard(watching, 'appointments', id));
    expect(ms).toBeLessThan(2000);
    expect(watching.changes.find((c) => c.ids.includes(id))).toEqual({ resource: 'appointments', type: 'created', ids: [id] });
    // A status move is an update; the event carries no content (no name, no time).
    expect((await a.call('PATCH', `/appointments/${id}`, { host: DEMO, token: secretary, body: { status: 1 } })).status).toBe(200); // Waiting
    await within2s(() => watching.changes.some((c) => c.type === 'updated' && c.ids.includes(id)));
    expect(watching.raw()).not.toContain('11:15');
    await new Promise((r) => setTimeout(r, 300));
    expect(elsewhere.changes.filter((c) => c.resource === 'appointments')).toEqual([]);
    watching.close();
    elsewhere.close();
  });

  it('tell a person of their own notifications only, and nobody of what they may not read', async () => {
    const doctorToken = await b.login(DEMO, 'doctor');
    const doctor = await stream(DEMO, doctorToken);
    const nurse = await stream(DEMO, await b.login(DEMO, 'nurse'));
    const { userId, tenantId } = await whoIs(a, DEMO, doctorToken);
    await notify(a.db.kysely, { scope: 'tenant', tenantId, userIds: [userId] }, 'requestAccepted', { doctor: 'Dr. Live' });
    await within2s(() => doctor.changes.some((c) => c.resource === 'clinicNotifications'));
    // The nurse reads no expenses: a new expense is not announced to her.
    const owner = await a.login(DEMO, 'doctor');
    const expense = await a.call('POST', '/expenses', { host: DEMO, token: owner, body: { category: 'Gloves', amount: 5000, date: '2031-03-04' } });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    const expenseId = (expense.body.data as { id: number }).id;
    await within2s(() => heard(doctor, 'expenses', expenseId));
    // She does read patients, and hears of a new one: her stream is live, just narrower.
    const patient = await a.call('POST', '/patients', { host: DEMO, token: owner, body: { name: 'Live Patient', gender: 0 } });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    await within2s(() => heard(nurse, 'patients', (patient.body.data as { id: number }).id));
    expect(nurse.changes.filter((c) => c.resource === 'clinicNotifications' || c.resource === 'expenses')).toEqual([]);
    doctor.close();
    nurse.close();
  });
});

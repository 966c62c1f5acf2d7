// Live updates (issue 18): a change by one user reaches another user's open event stream (GET
// /live) within 2 seconds, also when the stream is held by another server process (on PostgreSQL
// the stream is opened on a second server beside the one written to; on the embedded database
// both are one). A stream hears only its clinic, only what its caller may read, and of one
// person's rows (notifications) only its own; an event names records, never their content.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/server/modules/notifications';
import { DEMO, PASSWORD, type TestApp, startTestApp } from './harness';
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

describe('a stream ends with its access (issue 39)', () => {
  /** A stream on server b that notes when the server ends it. */
  function watched(host: string, token: string): Promise<{ ended: () => boolean; close: () => void }> {
    return new Promise((resolve, reject) => {
      let ended = false;
      const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/live', headers: { host, authorization: `Bearer ${token}` } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.on('data', () => undefined);
        res.on('end', () => (ended = true));
        res.on('close', () => (ended = true));
        resolve({ ended: () => ended, close: () => req.destroy() });
      });
      req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    });
  }
  /** A session of its own (the harness keeps one token per user, and these tests end sessions). */
  const fresh = async (username: string): Promise<string> => {
    const res = await a.call('POST', '/auth/tenant/login', { host: DEMO, body: { username, password: PASSWORD } });
    expect(res.status).toBe(200);
    return String(res.body.token);
  };
  // Long enough that a stream ending on its own timer (the 20 s beat) would not pass.
  const quiet = () => new Promise((r) => setTimeout(r, 300));

  it.each([
    ['signing out', async (token: string) => expect((await a.call('POST', '/auth/tenant/logout', { host: DEMO, token })).status).toBeLessThan(300)],
    [
      'the device removed from another one',
      async (token: string) => {
        const other = await fresh('secretary');
        const devices = (await a.call('GET', '/auth/tenant/profile/sessions', { host: DEMO, token: other })).body.data as { id: number; current: boolean }[];
        const mine = devices.filter((d) => !d.current);
        for (const d of mine) expect((await a.call('DELETE', `/auth/tenant/profile/sessions/${d.id}`, { host: DEMO, token: other })).status).toBe(204);
        void token;
      },
    ],
    [
      'a permission withdrawn',
      async (token: string) => {
        const { userId } = await whoIs(a, DEMO, token);
        await a.db.kysely.deleteFrom('user_permissions').where('user_id', '=', userId).where('permission_id', 'in', a.db.kysely.selectFrom('permissions').select('id').where('table_name', '=', 'appointments')).execute();
      },
    ],
  ])('ends at once on %s', async (_what, change) => {
    const token = await fresh('secretary');
    const s = await watched(DEMO, token);
    await quiet();
    expect(s.ended()).toBe(false);
    await change(token);
    await within2s(s.ended);
    s.close();
  });

  it('keeps a stream whose access did not change when another session ends', async () => {
    const token = await fresh('doctor');
    const s = await watched(DEMO, token);
    const other = await fresh('nurse');
    await a.call('POST', '/auth/tenant/logout', { host: DEMO, token: other });
    await new Promise((r) => setTimeout(r, 1500));
    expect(s.ended()).toBe(false);
    s.close();
  });
});

// `npx tsx bench/messages.ts`: what writing a patient's message costs a booking (issue 18: the
// booking, patient and clinic read once more, the clinic's template looked up, the text filled in
// and sealed, the outbox row inserted, in the booking's transaction). The real app in this process
// (Fastify's inject, no network) on the embedded database: the same POST /appointments for a
// patient with a phone (a message to send by hand is written), on the app as it runs and on the
// same app without the messages' hooks, alternating rounds of `BENCH_SECONDS` (default 3), the
// median of three, from 1 and 8 callers at once. Sending happens after the answer, off this path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { appointmentHooks } from '../resources/appointments/hooks';
import { prepareDatabase } from '../src/server/start';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const HOST = 'demo.localhost';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-messages-'));
const { db } = await prepareDatabase({ dataDir: 'memory://', seedDemo: 'always' });
const config = { ...loadConfig({}), clientDir: '/nonexistent', dataDir };
const withMessages = await buildApp({ db, config, logger: false });
// The path without it: the bookings' own rules only.
const without = await buildApp({ db, config, logger: false, hooks: { appointments: appointmentHooks } });
await withMessages.ready();
await without.ready();

const login = await withMessages.inject({ method: 'POST', url: '/api/v1/auth/tenant/login', headers: { host: HOST }, payload: { username: 'secretary', password: DEMO_PASSWORD } });
const token = String((JSON.parse(login.body) as { token: string }).token);
const headers = { host: HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const patient = JSON.parse((await withMessages.inject({ method: 'POST', url: '/api/v1/patients', headers, payload: { name: 'Bench Messaged', gender: 1, phone: '07501234567' } })).body) as { data: { id: number } };

// Every booking a slot of its own, in the future (only bookings to come are messaged).
let slot = 0;
function booking() {
  const n = slot++;
  const day = new Date(Date.UTC(2040, 0, 1) + Math.floor(n / 48) * 86_400_000).toISOString().slice(0, 10);
  const minutes = (n % 48) * 15;
  return { patient_id: patient.data.id, date: day, time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
}

async function measure(app: FastifyInstance, callers: number): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (Date.now() < end) {
        const res = await app.inject({ method: 'POST', url: '/api/v1/appointments', headers, payload: booking() });
        if (res.statusCode !== 201) throw new Error(`booking refused: ${res.statusCode} ${res.body}`);
        done++;
      }
    }),
  );
  return Math.round(done / seconds);
}

const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db.kysely)).rows[0].n);
const before = await count('appointments');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
console.log('| POST /appointments | callers | without the message /s | with it /s | cost |');
console.log('|---|---|---|---|---|');
for (const callers of [1, 8]) {
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 3; round++) {
    a.push(await measure(without, callers));
    b.push(await measure(withMessages, callers));
  }
  const [bare, full] = [median(a), median(b)];
  console.log(`| embedded database | ${callers} | ${bare} | ${full} | ${Math.round((1 - full / bare) * 100)}% |`);
}
console.log(`(${await count('messages')} messages written for ${(await count('appointments')) - before} bookings, half of them without the hooks)`);
await withMessages.close();
await without.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });

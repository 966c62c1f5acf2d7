// `npx tsx bench/payments.ts`: what taking a payment with a booking costs (issue 19: the ledger row
// with its receipt number, its income, and the booking's paid amount recomputed, in the same
// transaction). The real app in this process (Fastify's inject, no network) on the embedded
// database, the demo clinic's doctor booking: the same POST /appointments with and without
// `payment`, alternating rounds of `BENCH_SECONDS` (default 3), the median of three, from 1 and 8
// callers at once.
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { prepareDatabase } from '../src/server/start';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const HOST = 'demo.localhost';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-payments-'));
const { db } = await prepareDatabase({ dataDir: 'memory://', seedDemo: 'always' });
const app = await buildApp({ db, config: { ...loadConfig({}), clientDir: '/nonexistent', dataDir }, logger: false });
await app.ready();

const login = await app.inject({ method: 'POST', url: '/api/v1/auth/tenant/login', headers: { host: HOST }, payload: { username: 'doctor', password: DEMO_PASSWORD } });
const token = String((JSON.parse(login.body) as { token: string }).token);
const headers = { host: HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const patient = JSON.parse((await app.inject({ method: 'POST', url: '/api/v1/patients', headers, payload: { name: 'Bench Payer', gender: 1 } })).body) as { data: { id: number } };

// Every booking a slot of its own: minutes counted from a far-off day on.
let slot = 0;
function booking(pay: boolean) {
  const n = slot++;
  const day = new Date(Date.UTC(2040, 0, 1) + Math.floor(n / 48) * 86_400_000).toISOString().slice(0, 10);
  const minutes = (n % 48) * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { patient_id: patient.data.id, date: day, time, duration_minutes: 15, amount: 25000, ...(pay ? { payment: 10000, payment_method: 1 } : {}) };
}

async function measure(pay: boolean, callers: number): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (Date.now() < end) {
        const res = await app.inject({ method: 'POST', url: '/api/v1/appointments', headers, payload: booking(pay) });
        if (res.statusCode !== 201) throw new Error(`booking refused: ${res.statusCode} ${res.body}`);
        done++;
      }
    }),
  );
  return Math.round(done / seconds);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
console.log('| POST /appointments | callers | without a payment /s | with a payment /s | cost |');
console.log('|---|---|---|---|---|');
for (const callers of [1, 8]) {
  const without: number[] = [];
  const withIt: number[] = [];
  for (let round = 0; round < 3; round++) {
    without.push(await measure(false, callers));
    withIt.push(await measure(true, callers));
  }
  const [a, b] = [median(without), median(withIt)];
  console.log(`| embedded database | ${callers} | ${a} | ${b} | ${Math.round((1 - b / a) * 100)}% |`);
}
await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });

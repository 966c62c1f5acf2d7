// Writes sent from a device's outbox after an internet cut (issue 37), on the embedded database.
//   1. A morning at a busy desk replayed: 300 queued operations (100 patients registered, an
//      allergy noted for each, each patient's address corrected on its version), sent one after
//      the other as the outbox sends them (Idempotency-Key, X-Offline-Entered-At, X-Device-Id, the
//      creates' client_ref); then all 300 sent again, as after answers lost on the way (answered
//      from the kept keys and references, nothing made twice).
//   2. The added cost on a create: a patient with a client reference and an offline operation's key
//      (kept 14 days) beside one with a plain key, alternated in rounds, with the keys table
//      holding 14 days of a busy platform's offline keys (BENCH_KEPT_KEYS rows).
// Run: npx tsx bench/offline-writes.ts   (BENCH_CREATES for part 2's creates each way)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { prepareDatabase } from '../src/server/start';

const CREATES = Number(process.env.BENCH_CREATES ?? 400);
const KEPT_KEYS = Number(process.env.BENCH_KEPT_KEYS ?? 200_000);
const log = (s: string) => console.log(s);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-offline-'));
  try {
    const { db } = await prepareDatabase({ dataDir: path.join(dataDir, 'db'), seedDemo: 'always' }, { info: () => undefined });
    const app = await buildApp({ db, config: { ...loadConfig({}), clientDir: '/nonexistent', dataDir }, logger: false });
    await app.ready();
    const host = 'demo.localhost';
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/tenant/login', headers: { host }, payload: { username: 'doctor', password: 'demo-pass-1234' } });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const device = randomUUID();
    type Op = { method: 'POST' | 'PATCH'; url: string | (() => string); body: Record<string, unknown> | (() => Record<string, unknown>); key: string; ifMatch?: () => string };
    const send = async (op: Op) => {
      const headers: Record<string, string> = { host, authorization: `Bearer ${token}`, 'idempotency-key': op.key, 'x-offline-entered-at': new Date().toISOString(), 'x-device-id': device };
      if (op.ifMatch) headers['if-match'] = op.ifMatch();
      const res = await app.inject({ method: op.method, url: `/api/v1${typeof op.url === 'string' ? op.url : op.url()}`, headers, payload: typeof op.body === 'function' ? op.body() : op.body });
      if (res.statusCode >= 300) throw new Error(`${op.method} ${res.statusCode} ${res.body}`);
      return JSON.parse(res.body) as { data: { id: number; version: number } };
    };

    // 1. 300 operations, then the same 300 again.
    const made = new Map<number, { id: number; version: number }>();
    const ops: Op[] = [];
    for (let i = 0; i < 100; i++) {
      ops.push({ method: 'POST', url: '/patients', key: randomUUID(), body: { name: `Offline Desk ${i}`, gender: i % 2, phone: `0750${String(1_000_000 + i)}`, client_ref: randomUUID() } });
      ops.push({ method: 'POST', url: '/allergies', key: randomUUID(), body: () => ({ patient_id: made.get(i)!.id, substance: 'Penicillin', severity: 2, client_ref: randomUUID() }) });
      ops.push({ method: 'PATCH', url: () => `/patients/${made.get(i)!.id}`, key: randomUUID(), ifMatch: () => `"${made.get(i)!.version}"`, body: { address: `Street ${i}` } });
    }
    // Bodies are fixed once made, so the second pass sends exactly what the first sent.
    const sentOnce = new Map<Op, { url: string; body: Record<string, unknown>; ifMatch?: string }>();
    const pass = async () => {
      const t0 = performance.now();
      for (const [n, op] of ops.entries()) {
        const fixed = sentOnce.get(op) ?? { url: typeof op.url === 'string' ? op.url : op.url(), body: typeof op.body === 'function' ? op.body() : op.body, ifMatch: op.ifMatch?.() };
        sentOnce.set(op, fixed);
        const answer = await send({ ...op, url: fixed.url, body: fixed.body, ifMatch: fixed.ifMatch === undefined ? undefined : () => fixed.ifMatch! });
        if (n % 3 === 0) made.set(n / 3, answer.data);
      }
      return (performance.now() - t0) / 1000;
    };
    const first = await pass();
    const again = await pass();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from patients where name like 'Offline Desk %'`.execute(db.kysely);
    log(`a morning's outbox replayed: ${ops.length} operations in ${first.toFixed(2)} s (${((first * 1000) / ops.length).toFixed(1)} ms each); sent again: ${again.toFixed(2)} s; ${rows[0].n} patients made`);

    // 2. The cost on a create, with 14 days of offline keys kept.
    await sql`insert into idempotency_keys (tenant_key, scope, user_id, key, request_hash, status, body, offline, created_at)
      select 1 + g % 100, 'tenant', 1 + g % 7, md5(g::text), md5(g::text), 201, '{}', true, now() - (g % 14) * interval '1 day'
      from generate_series(1, ${KEPT_KEYS}) g`.execute(db.kysely);
    const timing = { plain: 0, offline: 0 };
    for (let round = 0; round < 4; round++) {
      for (const mode of ['offline', 'plain'] as const) {
        const t0 = performance.now();
        for (let i = 0; i < CREATES / 4; i++) {
          const headers: Record<string, string> = { host, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() };
          if (mode === 'offline') Object.assign(headers, { 'x-offline-entered-at': new Date().toISOString(), 'x-device-id': device });
          const payload = { name: `Cost ${mode} ${round} ${i}`, gender: 1, ...(mode === 'offline' ? { client_ref: randomUUID() } : {}) };
          const res = await app.inject({ method: 'POST', url: '/api/v1/patients', headers, payload });
          if (res.statusCode !== 201) throw new Error(res.body);
        }
        timing[mode] += performance.now() - t0;
      }
    }
    const per = (t: number) => (t / CREATES).toFixed(2);
    log(`a patient's create (${CREATES} each way, ${KEPT_KEYS} offline keys kept): with a client reference and an offline key ${per(timing.offline)} ms, plain ${per(timing.plain)} ms: ${timing.offline >= timing.plain ? '+' : ''}${(((timing.offline - timing.plain) / timing.plain) * 100).toFixed(1)}%`);
    await app.close();
    await db.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

// Writes sent from a device's outbox after an internet cut (issue 37), on the embedded database.
//   1. A morning at a busy desk replayed: 300 queued operations (100 patients registered, an
//      allergy noted for each, each patient's address corrected on its version), sent one after
//      the other as the outbox sends them (Idempotency-Key, X-Offline-Entered-At, X-Device-Id, the
//      creates' client_ref); then all 300 sent again, as after answers lost on the way (answered
//      from the kept keys and references, nothing made twice).
//   2. The added cost on a create, with the keys table holding 14 days of a busy platform's
//      offline keys (BENCH_KEPT_KEYS rows): a patient with a plain key, with a client reference,
//      and with a client reference and an offline operation's key (kept 14 days instead of one),
//      alternated in rounds, each first in turn, so the machine's drift falls on each alike.
// Run: npx tsx bench/offline-writes.ts   (BENCH_CREATES for part 2's creates each way); also the
// `outbox` part of `npm run bench`.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { prepareDatabase } from '../src/server/start';

const MODES = ['plain', 'client reference', 'client reference and offline key'] as const;
type Mode = (typeof MODES)[number];

export interface OfflineWrites {
  /** The morning's operations, and seconds to send them; again after lost answers. */
  operations: number;
  replaySeconds: number;
  againSeconds: number;
  /** Patients the two passes made (the morning's 100: nothing twice). */
  made: number;
  creates: number;
  keptKeys: number;
  /** A patient's create, ms each, by what it carried. */
  createMs: Record<Mode, number>;
}

export async function runOfflineWrites(log: (s: string) => void): Promise<OfflineWrites> {
  const creates = Number(process.env.BENCH_CREATES ?? 300);
  const keptKeys = Number(process.env.BENCH_KEPT_KEYS ?? 200_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-offline-'));
  const { db } = await prepareDatabase({ dataDir: path.join(dataDir, 'db'), seedDemo: 'always' }, { info: () => undefined });
  const app = await buildApp({ db, config: { ...loadConfig({}), clientDir: '/nonexistent', dataDir }, logger: false });
  try {
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
    log('  a morning of 300 operations, sent and sent again...');
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
    const replaySeconds = await pass();
    const againSeconds = await pass();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from patients where name like 'Offline Desk %'`.execute(db.kysely);

    // 2. The cost on a create, with 14 days of offline keys kept.
    log(`  ${keptKeys.toLocaleString('en')} offline keys kept, then ${creates} creates each way...`);
    await sql`insert into idempotency_keys (tenant_key, scope, user_id, key, request_hash, status, body, offline, created_at)
      select 1 + g % 100, 'tenant', 1 + g % 7, md5(g::text), md5(g::text), 201, '{}', true, now() - (g % 14) * interval '1 day'
      from generate_series(1, ${keptKeys}) g`.execute(db.kysely);
    const timing: Record<Mode, number> = { plain: 0, 'client reference': 0, 'client reference and offline key': 0 };
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      // Each way first in turn, so a drift of the machine falls on each alike.
      for (const mode of MODES.map((_, k) => MODES[(k + round) % MODES.length])) {
        const t0 = performance.now();
        for (let i = 0; i < creates / rounds; i++) {
          const headers: Record<string, string> = { host, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() };
          if (mode === 'client reference and offline key') Object.assign(headers, { 'x-offline-entered-at': new Date().toISOString(), 'x-device-id': device });
          const payload = { name: `Cost ${mode} ${round} ${i}`, gender: 1, ...(mode === 'plain' ? {} : { client_ref: randomUUID() }) };
          const res = await app.inject({ method: 'POST', url: '/api/v1/patients', headers, payload });
          if (res.statusCode !== 201) throw new Error(res.body);
        }
        timing[mode] += performance.now() - t0;
      }
    }
    const createMs = Object.fromEntries(MODES.map((m) => [m, Math.round((timing[m] / creates) * 100) / 100])) as Record<Mode, number>;
    return { operations: ops.length, replaySeconds, againSeconds, made: rows[0].n, creates, keptKeys, createMs };
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as printed lines. */
export function offlineWritesLines(r: OfflineWrites): string[] {
  const plain = r.createMs.plain;
  const added = (ms: number) => `${ms >= plain ? '+' : ''}${(((ms - plain) / plain) * 100).toFixed(1)}%`;
  return [
    `a morning's outbox replayed: ${r.operations} operations in ${r.replaySeconds.toFixed(2)} s (${((r.replaySeconds * 1000) / r.operations).toFixed(1)} ms each); sent again after lost answers: ${r.againSeconds.toFixed(2)} s; ${r.made} patients made`,
    `a patient's create (${r.creates} each way, ${r.keptKeys.toLocaleString('en')} offline keys kept): ` +
      MODES.map((m) => `${m} ${r.createMs[m]} ms${m === 'plain' ? '' : ` (${added(r.createMs[m])})`}`).join(', '),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'offline-writes.ts')) {
  const result = await runOfflineWrites((s) => console.log(s));
  for (const line of offlineWritesLines(result)) console.log(line);
}

// The devices' working set (issue 36), on the embedded database: a clinic of 10,000 patients.
//   1. First sync: what a device downloads (the start of the change feed, then /sync/rows of every
//      working-set resource, 500 rows a page) — bytes as JSON and gzipped, and the server's time.
//   2. The change feed's cost on writes: single-row updates of patients, each its own
//      transaction, with the trigger noting the change and with app.sync_off set (the same trigger
//      without the insert), alternated in rounds.
// Run: npx tsx bench/sync.ts   (BENCH_PATIENTS to change the clinic's size, BENCH_WRITES the updates)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { prepareDatabase } from '../src/server/start';
import { WORKING_SET } from '../src/shared/workingSet';
import { benchSubdomain, generate } from './generate';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const WRITES = Number(process.env.BENCH_WRITES ?? 2_000);
const log = (s: string) => console.log(s);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-sync-'));
  try {
    const { db } = await prepareDatabase({ dataDir: path.join(dataDir, 'db'), seedDemo: 'always' }, { info: () => undefined });
    await generate(db, { clinics: 1, patients: PATIENTS }, false, (s) => log(`  ${s}`));
    const app = await buildApp({ db, config: { ...loadConfig({}), clientDir: '/nonexistent', dataDir }, logger: false });
    await app.ready();
    const host = `${benchSubdomain(1)}.localhost`;
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/tenant/login', headers: { host }, payload: { username: 'doctor', password: 'demo-pass-1234' } });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const headers = { host, authorization: `Bearer ${token}` };

    // 1. First sync.
    const started = performance.now();
    const start = await app.inject({ method: 'GET', url: '/api/v1/sync/changes', headers });
    let json = start.body.length;
    let gzip = gzipSync(start.body).length;
    let rows = 0;
    const perResource: string[] = [];
    for (const resource of Object.keys(WORKING_SET)) {
      let after = 0;
      let count = 0;
      for (;;) {
        const page = await app.inject({ method: 'GET', url: `/api/v1/sync/rows?resource=${resource}&after_id=${after}&limit=500`, headers });
        if (page.statusCode !== 200) break;
        json += page.body.length;
        gzip += gzipSync(page.body).length;
        const body = JSON.parse(page.body) as { data: unknown[]; next_after_id: number | null };
        count += body.data.length;
        if (body.next_after_id === null) break;
        after = body.next_after_id;
      }
      rows += count;
      perResource.push(`${resource} ${count}`);
    }
    const ms = performance.now() - started;
    log(`first sync of ${PATIENTS} patients: ${rows} rows (${perResource.join(', ')})`);
    log(`  ${(json / 1024 / 1024).toFixed(2)} MiB JSON, ${(gzip / 1024 / 1024).toFixed(2)} MiB gzipped (the server's answers), ${(ms / 1000).toFixed(1)} s on the server`);
    await app.close();

    // 2. Cost on writes, same rows, alternating rounds so warm-up is shared.
    const { rows: ids } = await sql<{ id: number; tenant_id: number }>`select p.id, p.tenant_id from patients p join tenants t on t.id = p.tenant_id
      where t.subdomain = ${benchSubdomain(1)} order by p.id limit ${WRITES}`.execute(db.kysely);
    const timing = { on: 0, off: 0 };
    for (let round = 0; round < 4; round++) {
      for (const mode of ['on', 'off'] as const) {
        const t0 = performance.now();
        for (const { id, tenant_id } of ids.slice(0, WRITES / 4).map((r, i) => ids[(round * WRITES) / 4 + i] ?? r)) {
          await db.kysely.transaction().execute(async (trx) => {
            await sql`select set_config('role', 'clinic_app', true), set_config('app.tenant_id', ${String(tenant_id)}, true), set_config('app.sync_off', ${mode === 'off' ? 'on' : 'off'}, true)`.execute(trx);
            await sql`update patients set occupation = ${`bench ${round} ${mode}`} where id = ${id}`.execute(trx);
          });
        }
        timing[mode] += performance.now() - t0;
      }
    }
    const per = (t: number) => (t / WRITES).toFixed(3);
    log(`change feed's cost on writes (${WRITES} single-row updates each way, one transaction each):`);
    log(`  with the feed ${per(timing.on)} ms a write, without ${per(timing.off)} ms: +${(((timing.on - timing.off) / timing.off) * 100).toFixed(1)}%`);
    await db.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

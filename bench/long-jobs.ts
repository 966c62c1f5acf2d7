// A clinic's copy built and then restored on the embedded database while another clinic works
// (issue 39): how long another clinic's small request (its patients list, first page) waits
// meanwhile, and how long the server's event loop was held, beside the same figures with nothing
// running. The ZIP, its JSON and the values' checks run on a copy thread (src/server/exports/
// copy-thread.ts); the embedded database answers on the server's thread, so the jobs write in short
// transactions. The embedded database is the hard case: PostgreSQL answers on its own processes.
// Run: npm run bench with BENCH_PARTS=jobs, or alone: npx tsx bench/long-jobs.ts
//   BENCH_JOBS_PATIENTS  the copied clinic's size (default 3,000)
//   DATABASE_URL         PostgreSQL instead of the embedded database: an empty database of its own
//                        (the bench seeds it and leaves a restored clinic behind)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { prepareDatabase } from '../src/server/start';
import { benchSubdomain, generate } from './generate';

/** Another clinic's requests while one thing ran (ms, from when each was due). */
export interface Waits {
  requests: number;
  medianMs: number;
  p99Ms: number;
  worstMs: number;
  /** The server's event loop held at worst (monitorEventLoopDelay). */
  loopMaxMs: number;
  /**
   * The same without the time the thread only waited for a CPU (the machine is shared), and the
   * longest the thread itself ran without a turn (its synchronous work, whatever the machine's
   * load). Linux only (null elsewhere).
   */
  ownMaxMs: number | null;
  ranMaxMs: number | null;
}

export interface LongJobs {
  patients: number;
  /** Rows in the copy (all resources) and its size. */
  rows: number;
  zipBytes: number;
  idle: Waits;
  export: Waits & { seconds: number };
  restore: Waits & { seconds: number };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const round = (x: number) => Math.round(x * 10) / 10;

export function longJobsLines(r: LongJobs): string[] {
  const own = (w: Waits) => (w.ownMaxMs === null ? '' : `; without waiting for a CPU ${w.ownMaxMs} ms; the thread ran at most ${w.ranMaxMs} ms without a turn`);
  const line = (what: string, w: Waits) => `${what}: median ${w.medianMs} ms, p99 ${w.p99Ms} ms, worst ${w.worstMs} ms (${w.requests} requests); event loop held at worst ${w.loopMaxMs} ms${own(w)}`;
  return [
    `a copy of ${r.patients} patients: ${r.rows} records, ${Math.round(r.zipBytes / 1024)} KiB`,
    line('nothing running', r.idle),
    line(`building the copy (${r.export.seconds} s)`, r.export),
    line(`restoring it into a new clinic (${r.restore.seconds} s)`, r.restore),
  ];
}

/** The server thread's time on a CPU and waiting for one (ms), from the scheduler's counters; null off Linux. */
function schedulerTimes(): (() => { ran: number; queued: number }) | null {
  const file = `/proc/self/task/${process.pid}/schedstat`;
  if (!fs.existsSync(file)) return null;
  return () => {
    const [ran, queued] = fs.readFileSync(file, 'utf8').split(' ').map(Number);
    return { ran: ran / 1e6, queued: queued / 1e6 };
  };
}

/**
 * Between two turns of a 5 ms timer: the longest stretch less the time the thread waited for a CPU
 * (other processes of a shared machine), and the longest time the thread ran.
 */
function ownHolds(): { stop: () => { ownMaxMs: number | null; ranMaxMs: number | null } } {
  const times = schedulerTimes();
  if (!times) return { stop: () => ({ ownMaxMs: null, ranMaxMs: null }) };
  let last = { at: performance.now(), ...times() };
  const worst = { own: 0, ran: 0 };
  const timer = setInterval(() => {
    const now = { at: performance.now(), ...times() };
    worst.own = Math.max(worst.own, now.at - last.at - (now.queued - last.queued));
    worst.ran = Math.max(worst.ran, now.ran - last.ran);
    last = now;
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return { ownMaxMs: round(worst.own), ranMaxMs: round(worst.ran) };
    },
  };
}

export async function runLongJobs(patients: number, log: (s: string) => void): Promise<LongJobs> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-jobs-'));
  let app: FastifyInstance | null = null;
  let close: (() => Promise<void>) | null = null;
  try {
    const { db } = await prepareDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.join(dataDir, 'db'), seedDemo: 'always' }, { info: () => undefined });
    close = () => db.close();
    await generate(db, { clinics: 1, patients }, false, (s) => log(`  ${s}`));
    // The generated visits prescribe drug 1, another clinic's: a restore rightly refuses a copy
    // pointing outside itself, so the clinic gets that drug of its own.
    await sql`with clinic as (select id from tenants where subdomain = ${benchSubdomain(1)}),
        drug as (insert into drugs (tenant_id, name) select id, 'Paracetamol' from clinic returning id, tenant_id)
      update visitings v set prescriptions = jsonb_set(v.prescriptions, '{0,drug_id}', to_jsonb(drug.id))
      from drug where v.tenant_id = drug.tenant_id and jsonb_array_length(v.prescriptions) > 0`.execute(db.kysely);
    app = await buildApp({ db, config: { ...loadConfig({}), clientDir: '/nonexistent', dataDir }, logger: process.env.BENCH_LOG === '1' });
    await app.ready();
    const server = app;
    const call = async <T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<{ status: number; body: T; raw: Buffer }> => {
      const res = await server.inject({ method, url: `/api/v1${url}`, headers, payload: payload as string });
      return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(res.body) : null) as T, raw: res.rawPayload };
    };
    const login = async (host: string, username: string, password: string, scope: 'tenant' | 'central') => {
      const res = await call<{ token: string }>('POST', scope === 'central' ? '/auth/login' : '/auth/tenant/login', { host }, { username, password });
      return { host, authorization: `Bearer ${res.body.token}` };
    };
    const copied = await login(`${benchSubdomain(1)}.localhost`, 'doctor', 'demo-pass-1234', 'tenant');
    const other = await login('demo.localhost', 'doctor', 'demo-pass-1234', 'tenant');
    const owner = await login('localhost', 'owner', 'demo-pass-1234', 'central');

    // Another clinic's request every 5 ms while `busy` says so, timed from when it was due: a
    // request that arrives while the thread is held waits, as the timer that sends this one does.
    const probe = async (busy: () => boolean): Promise<Waits> => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const holds = ownHolds();
      const waits: number[] = [];
      while (busy()) {
        const due = performance.now() + 5;
        await new Promise((r) => setTimeout(r, 5));
        const res = await call('GET', '/patients?per_page=5', other);
        if (res.status !== 200) throw new Error(`the other clinic's request answered ${res.status}`);
        waits.push(performance.now() - due);
      }
      loop.disable();
      return { requests: waits.length, medianMs: round(quantile(waits, 0.5)), p99Ms: round(quantile(waits, 0.99)), worstMs: round(Math.max(...waits)), loopMaxMs: round(loop.max / 1e6), ...holds.stop() };
    };
    /** Probes while `job` runs to its end; the job's time in seconds. */
    const during = async (job: (stop: () => void) => Promise<void>): Promise<Waits & { seconds: number }> => {
      let done = false;
      const started = performance.now();
      const running = job(() => (done = true)).finally(() => (done = true));
      const waits = await probe(() => !done);
      await running;
      return { ...waits, seconds: round((performance.now() - started) / 1000) };
    };
    const follow = async (url: string, headers: Record<string, string>, stop: () => void) => {
      for (;;) {
        const { body } = await call<{ data: { status: string; error?: unknown } }>('GET', url, headers);
        if (body.data.status === 'failed') throw new Error(`${url} failed: ${JSON.stringify(body.data.error ?? null)}`);
        if (body.data.status === 'done') return stop();
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    const idleUntil = performance.now() + 3000;
    const idle = await probe(() => performance.now() < idleUntil);
    log(`  nothing running: worst ${idle.worstMs} ms`);

    let exportId = 0;
    const exported = await during(async (stop) => {
      exportId = (await call<{ data: { id: number } }>('POST', '/exports', copied, {})).body.data.id;
      await follow(`/exports/${exportId}`, copied, stop);
    });
    const zip = (await call('GET', `/exports/${exportId}/download`, copied)).raw;
    log(`  building the copy: worst ${exported.worstMs} ms`);

    const plans = await call<{ data: { id: number }[] }>('GET', '/plans', owner);
    const created = await call<{ data: { id: number } }>('POST', '/tenants', owner, { name: 'Dr. Restored', subdomain: 'restored', username: 'restored', password: 'granite-meadow-4471', plan_id: plans.body.data[0].id });
    const tenantId = created.body.data.id;
    const boundary = 'bench-restore';
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="copy.zip"\r\nContent-Type: application/zip\r\n\r\n`), zip, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const restored = await during(async (stop) => {
      const asked = await server.inject({ method: 'POST', url: `/api/v1/tenants/${tenantId}/restore`, headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
      if (asked.statusCode !== 202) throw new Error(`the restore answered ${asked.statusCode}: ${asked.body}`);
      await follow(`/tenants/${tenantId}/restore`, owner, stop);
    });
    log(`  restoring it: worst ${restored.worstMs} ms`);
    const job = await call<{ data: { result: { records: Record<string, number> } } }>('GET', `/tenants/${tenantId}/restore`, owner);
    const rows = Object.values(job.body.data.result.records).reduce((a, b) => a + b, 0);
    return { patients, rows, zipBytes: zip.length, idle, export: exported, restore: restored };
  } finally {
    await app?.close();
    await close?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runLongJobs(Number(process.env.BENCH_JOBS_PATIENTS ?? 3_000), console.log);
  for (const line of longJobsLines(result)) console.log(line);
}

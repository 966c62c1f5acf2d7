// How many clinics one server process carries (issue 41): a clinic's day (bench/clinic-day-model.json,
// taken from what the screens send) replayed for N clinics at once against the bundled server,
// open-loop at the day's busiest rate: each action is sent at its time on a clock (Poisson
// arrivals), whether or not earlier answers came back, and a request's time runs from when it was
// due. Every clinic's three screens hold a live stream meanwhile. The figure: the largest N whose
// p99 is at most 300 ms with no error, found by doubling N and then halving the gap.
//   BENCH_DAY_PATIENTS   patients over all the clinics (default 1,000,000; BENCH_SIZE=small 3,200)
// Run alone (npx tsx bench/clinic-day.ts), also:
//   BENCH_DAY_CLINICS    one step at this many clinics instead of the search (before/after comparisons)
//   BENCH_DAY_DATABASES  PostgreSQL,PGlite (default both)
//   BENCH_DAY_PORT       the PostgreSQL run's server port (default 3450; PGlite's the next)
//   BENCH_DAY_SERVER     a server bundle to run instead of building this tree's (dist/server/main.js)
//   BENCH_DAY_PROFILE    a folder: the PostgreSQL run's server under Node's CPU profiler, its time charged by owner
//   BENCH_DAY_TRIPS      1 (or sql: their statements printed too): instead of the steps, each request of the day sent alone (one at a time, a few
//                        times each) through a relay counting the round trips to PostgreSQL (bench/round-trips.ts)
//   BENCH_DAY_COMPARE    two server bundles (a.js,b.js) run at BENCH_DAY_CLINICS in alternating rounds
//                        (BENCH_DAY_ROUNDS, default 3) on PostgreSQL: a change's before and after
import { execSync, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { type Kysely, sql } from 'kysely';
import { Agent, request } from 'undici';
import { newToken, sha256 } from '../src/server/auth/passwords';
import { masterKeyOf } from '../src/server/crypto/master-key';
import type { Db } from '../src/server/db/index';
import type { Database } from '../src/server/db/schema';
import { DEMO_GRANTS } from '../src/server/db/seed';
import { prepareDatabase } from '../src/server/start';
import { type DayAction, type DayModel, ROLES, type Role, actionsPerDay, loadModel, peakRate } from './clinic-day-model';
import { BENCH_PREFIX, generate } from './generate';
import { start, waitFor } from './load';
import { chargeProfile } from './profile';
import { type CountingRelay, countingRelay } from './round-trips';

export const P99_GOAL_MS = 300;
export const CLINICS_GOAL = 1000;

export interface DayStep {
  clinics: number;
  /** Requests a second asked for, and sent. */
  rate: number;
  sent: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Live streams that failed to open or ended early. */
  streamErrors: number;
  /** The server process's CPU time per request sent, ms (Linux /proc; 0 elsewhere). */
  cpuMs: number;
  /** PostgreSQL's transactions (statements outside one count one each) per request sent; none on PGlite. */
  transactions?: number;
  /** The requests that took the most time in all (where the waiting was). */
  slowest?: string;
  /** The request kinds of the slowest 1% (the p99's tail): kind, its count there, its own p99. */
  tail?: string;
  /** Where the two cores went during the step, % of one core: the server, the load generator (this process), every PostgreSQL process, the whole machine. */
  cores?: { server: number; generator: number; postgres: number; machine: number };
  ok: boolean;
}

export interface ClinicDay {
  database: 'PostgreSQL' | 'PGlite';
  clinicsInData: number;
  patients: number;
  /** Requests a second one clinic sends at the day's peak. */
  perClinicRate: number;
  seconds: number;
  /** The largest N that held, and its step (null: not even the smallest). */
  carried: number;
  best: DayStep | null;
  steps: DayStep[];
  /** Where the N search stopped: the data had no more clinics. */
  capped: boolean;
}

interface Clinic {
  subdomain: string;
  tokens: Record<Role, string>;
  doctorId: number;
  patients: number[];
  today: number[];
  visits: number[];
  slot: number;
}

const MARK = 'clinic day';
/**
 * The master key of the bench's data (generated, nothing secret): the same from any folder, so a
 * database one checkout filled is used by the next instead of refused (a server looks for its key
 * in its own folder's data/master.key).
 */
const BENCH_MASTER_KEY = createHash('sha256').update('clinic-day bench: generated data only').digest();
/** The servers' ports (the PostgreSQL run's, the PGlite run's next to it): another checkout's bench can run beside. */
const PORT = Number(process.env.BENCH_DAY_PORT ?? 3450);
/** A step lasts at least `seconds`, longer for few clinics (up to this) to send enough requests. */
const MAX_STEP_S = 40;

/** The clinics' nurse, the desk's and nurse's grants as the demo's, and a session for each role. */
async function prepareClinics(db: Kysely<Database>, log: (s: string) => void): Promise<Clinic[]> {
  const t0 = Date.now();
  const tenants = sql`(select id from tenants where subdomain like ${`${BENCH_PREFIX}%`})`;
  await sql`insert into tenant_users (tenant_id, name, username, role, password_hash)
    select t.id, 'Nurse', 'nurse', 3, (select password_hash from users where username = 'owner') from tenants t
    where t.id in ${tenants} and not exists (select 1 from tenant_users u where u.tenant_id = t.id and u.username = 'nurse')`.execute(db);
  const catalogue = await db.selectFrom('permissions').select(['id', 'name', 'table_name']).execute();
  for (const [username, grants] of [['secretary', DEMO_GRANTS.secretary], ['nurse', DEMO_GRANTS.nurse]] as const) {
    const ids = catalogue.filter((p) => grants.some((g) => (g.tables.includes('*') || g.tables.includes(p.table_name)) && g.actions.includes(p.name))).map((p) => Number(p.id));
    await sql`insert into user_permissions (tenant_id, user_id, permission_id)
      select u.tenant_id, u.id, p from tenant_users u cross join unnest(${ids}::bigint[]) p
      where u.tenant_id in ${tenants} and u.username = ${username}
        and not exists (select 1 from user_permissions x where x.user_id = u.id and x.permission_id = p)`.execute(db);
  }
  // Sessions made as a login makes them (the login route allows 30 a minute per address).
  const { rows: users } = await sql<{ tenant_id: number; id: number; username: string; subdomain: string }>`
    select u.tenant_id, u.id, u.username, t.subdomain from tenant_users u join tenants t on t.id = u.tenant_id
    where t.id in ${tenants} and u.username in ('doctor', 'secretary', 'nurse') order by t.subdomain`.execute(db);
  await sql`delete from sessions where tenant_id in ${tenants}`.execute(db);
  const roleOf: Record<string, Role> = { doctor: 'doctor', secretary: 'desk', nurse: 'nurse' };
  const byClinic = new Map<string, Clinic>();
  const tokens = users.map(() => newToken());
  const now = new Date();
  for (let i = 0; i < users.length; i += 5000) {
    const part = users.slice(i, i + 5000);
    await db
      .insertInto('sessions')
      .values(part.map((u, j) => ({ token_hash: sha256(tokens[i + j]), scope: 'tenant', tenant_id: Number(u.tenant_id), user_id: Number(u.id), created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + 86_400_000) })))
      .execute();
  }
  users.forEach((u, i) => {
    const clinic = byClinic.get(u.subdomain) ?? { subdomain: u.subdomain, tokens: {} as Record<Role, string>, doctorId: 0, patients: [], today: [], visits: [], slot: 0 };
    clinic.tokens[roleOf[u.username]] = tokens[i];
    if (u.username === 'doctor') clinic.doctorId = Number(u.id);
    byClinic.set(u.subdomain, clinic);
  });
  // Today's bookings the desk checks in, again and again: after the generated ones' hours (08:00
  // to 16:45), so no other booking of the doctor overlaps them.
  await sql`insert into appointments (tenant_id, patient_id, doctor_id, date, time, duration_minutes, status, notes)
    select d.tenant_id, (select min(p.id) from patients p where p.tenant_id = d.tenant_id), d.id, current_date, time '17:00' + k * interval '15 minutes', 15, 0, ${MARK}
    from tenant_users d cross join generate_series(0, 19) k where d.tenant_id in ${tenants} and d.username = 'doctor'`.execute(db);
  const { rows: facts } = await sql<{ subdomain: string; patients: number[]; today: number[]; visits: number[] }>`
    select t.subdomain, array(select p.id from patients p where p.tenant_id = t.id and p.national_id is not null order by p.id limit 200) as patients,
      array(select a.id from appointments a where a.tenant_id = t.id and a.date = current_date and a.time >= time '17:00' order by a.id) as today,
      array(select v.id from visitings v where v.tenant_id = t.id order by v.id limit 20) as visits
    from tenants t where t.id in ${tenants}`.execute(db);
  for (const f of facts) {
    const clinic = byClinic.get(f.subdomain)!;
    Object.assign(clinic, { patients: f.patients.map(Number), today: f.today.map(Number), visits: f.visits.map(Number) });
  }
  log(`  ${byClinic.size} clinics' staff and sessions ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return [...byClinic.values()].filter((c) => c.patients.length && c.today.length && c.visits.length && ROLES.every((r) => c.tokens[r]));
}

/** Bookings the day made, removed before and after a run so the slots stay free. */
async function removeBookings(db: Kysely<Database>): Promise<void> {
  // Told apart by date and hour (their notes are sealed): 60 days ahead and later, or today after 17:00.
  const booked = sql`(select id from appointments where date >= current_date + 60 or (date = current_date and time >= time '17:00'))`;
  await sql`delete from messages where appointment_id in ${booked}`.execute(db);
  await sql`delete from appointments where id in ${booked}`.execute(db);
}

/** A seeded random source, so every run sends the same day. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const NAMES = ['Ahm', 'Kar', 'Hem', 'Reb', 'Sir', 'Oma', 'Ali', 'Hus', 'Dls', 'Zan', 'Shi', 'Naz', 'Avi', 'Roz', 'Lan', 'Han', 'Sar'];

/** A request pattern made concrete for one clinic. */
function concrete(pattern: string, clinic: Clinic, rnd: () => number, today: string): { method: string; path: string; body?: string } {
  const [method, route] = pattern.split(' ');
  const pick = (xs: number[]) => xs[Math.floor(rnd() * xs.length)];
  const patient = pick(clinic.patients);
  const filled = route
    .replace(/\/(\w+)\/:id/g, (_, resource: string) => `/${resource}/${resource === 'patients' ? patient : resource === 'appointments' ? pick(clinic.today) : pick(clinic.visits)}`)
    .replace(/(patient_id\]?)=:id/g, `$1=${patient}`)
    .replace(/(doctor_id\]?)=:id/g, `$1=${clinic.doctorId}`)
    .replace(/:date/g, today)
    .replace(/:year/g, today.slice(0, 4))
    .replace(/:q/g, rnd() < 0.3 ? String(Math.floor(rnd() * 10_000_000)).padStart(7, '0').slice(0, 5) : NAMES[Math.floor(rnd() * NAMES.length)]);
  const full = `/api/v1${filled}`;
  if (method === 'GET') return { method, path: full };
  const body = (value: unknown) => ({ method, path: full, body: JSON.stringify(value) });
  if (pattern === 'POST /patients') return body({ name: `Day Patient ${Math.floor(rnd() * 1e6)}`, gender: rnd() < 0.5 ? 0 : 1, phone: `+964 750 ${String(Math.floor(rnd() * 1e7)).padStart(7, '0')}`, client_ref: randomUUID() });
  if (pattern === 'POST /appointments') {
    const slot = clinic.slot++;
    // Past the generated bookings (to 29 days ahead), in a slot of its own.
    const date = dayjs(today).add(60 + Math.floor(slot / 36), 'day').format('YYYY-MM-DD');
    const time = dayjs('2000-01-01T08:00').add((slot % 36) * 15, 'minute').format('HH:mm');
    return body({ patient_id: patient, doctor_id: clinic.doctorId, date, time, duration_minutes: 15, status: 0, notes: MARK, client_ref: randomUUID() });
  }
  if (pattern === 'PATCH /appointments/:id') return body({ status: 1 });
  if (pattern === 'POST /visitings') return body({ patient_id: patient, chief_complaint: 'Cough for a week', physician_diagnosis: 'Bronchitis', fee: 20000, payment: 20000, client_ref: randomUUID() });
  if (pattern === 'POST /visitings/:id/prints') return { method, path: full };
  if (pattern === 'POST /visitings/:id/printed-documents') return body({ kind: 'prescription', content: { kind: 'prescription', clinic: clinic.subdomain, date: today, patient: 'Patient', lines: [{ drug: 'Paracetamol', dose: '500 mg' }] } });
  if (pattern === 'POST /vitalSigns') return body({ patient_id: patient, weight: 70, height: 172 });
  throw new Error(`no body for ${pattern}`);
}

/** The machine's busy and total CPU time so far, in ticks (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - n[3] - (n[4] ?? 0), total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** CPU time of every PostgreSQL process on the machine so far, ms (others' databases too: it is one server). */
function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres')) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : 0);

/** One step: N clinics for `seconds`, their streams held, their actions sent on the clock. */
async function step(server: Served, model: DayModel, clinics: Clinic[], seconds: number, minRequests: number, log: (s: string) => void): Promise<DayStep> {
  const base = server.base;
  const origin = new URL(base).origin;
  const dispatcher = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
  const streams = new Agent({ connections: null, pipelining: 0 });
  const today = dayjs().format('YYYY-MM-DD');
  const rnd = random(clinics.length);
  const weights = model.actions.map((a) => actionsPerDay(model, a));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickAction = (): DayAction => {
    let x = rnd() * total;
    for (let i = 0; i < weights.length; i++) if ((x -= weights[i]) < 0) return model.actions[i];
    return model.actions[model.actions.length - 1];
  };
  const meanRequests = model.actions.reduce((s, a, i) => s + weights[i] * a.requests.length, 0) / total;
  const rate = peakRate(model) * clinics.length;
  const actionRate = rate / meanRequests;
  const headers = (clinic: Clinic, role: Role, json = false) => ({ host: `${clinic.subdomain}.localhost`, authorization: `Bearer ${clinic.tokens[role]}`, 'accept-language': 'ckb', ...(json ? { 'content-type': 'application/json' } : {}) });

  // The live streams: one per role's screen, held for the whole step.
  let streamErrors = 0;
  let ending = false;
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const opened = clinics.flatMap((clinic) =>
    ROLES.map(async (role) => {
      try {
        const res = await request(`${origin}/api/v1/live`, { dispatcher: streams, headers: headers(clinic, role), signal: stop.signal });
        if (res.statusCode !== 200) {
          streamErrors++;
          await res.body.dump();
          return;
        }
        res.body.on('error', () => undefined);
        res.body.on('end', () => {
          if (!ending) streamErrors++;
        });
        res.body.resume();
      } catch {
        if (!ending) streamErrors++;
      }
    }),
  );
  await Promise.all(opened);

  const cpuBefore = server.cpuMs();
  const generatorBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  const machineBefore = machineTicks();
  const wallBefore = performance.now();
  const transactionsBefore = await server.transactions?.();
  const latencies: number[] = [];
  const byPattern = new Map<string, number[]>();
  let errors = 0;
  let sent = 0;
  const firstError = new Map<string, string>();
  const inFlight: Promise<void>[] = [];
  const t0 = performance.now() + 50;
  let due = 0;
  // Enough requests for a p99 that means something, however few clinics.
  const end = Math.min(MAX_STEP_S, Math.max(seconds, minRequests / rate)) * 1000;
  const send = (clinic: Clinic, role: Role, pattern: string, at: number) => {
    const r = concrete(pattern, clinic, rnd, today);
    sent++;
    inFlight.push(
      request(`${origin}${r.path}`, { method: r.method as 'GET', headers: headers(clinic, role, r.body !== undefined), body: r.body, dispatcher, headersTimeout: 10_000, bodyTimeout: 10_000 })
        .then(async (res) => {
          const text = await res.body.text();
          latencies.push(performance.now() - at);
          byPattern.set(pattern, [...(byPattern.get(pattern) ?? []), performance.now() - at]);
          if (res.statusCode >= 400) {
            errors++;
            if (!firstError.has(pattern)) firstError.set(pattern, `${res.statusCode} ${text.slice(0, 160)}`);
          }
        })
        .catch((err: unknown) => {
          errors++;
          latencies.push(performance.now() - at);
          if (!firstError.has(pattern)) firstError.set(pattern, String(err).slice(0, 160));
        }),
    );
  };
  // The clock: every action whose time has come is sent now, late or not.
  while (due < end) {
    const now = performance.now() - t0;
    if (now < due) {
      await new Promise((r) => setTimeout(r, Math.max(0, due - now)));
      continue;
    }
    const clinic = clinics[Math.floor(rnd() * clinics.length)];
    const action = pickAction();
    for (const pattern of action.requests) send(clinic, action.role, pattern, t0 + due);
    due += (-Math.log(1 - rnd()) / actionRate) * 1000;
  }
  await Promise.all(inFlight);
  const cpu = server.cpuMs() - cpuBefore;
  const wall = performance.now() - wallBefore;
  const generatorUs = process.cpuUsage(generatorBefore);
  const machineAfter = machineTicks();
  const share = (ms: number) => Math.round((ms / wall) * 100);
  const cores = {
    server: share(cpu),
    generator: share((generatorUs.user + generatorUs.system) / 1000),
    postgres: share(postgresCpuMs() - postgresBefore),
    machine: Math.round(((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) * os.cpus().length * 100),
  };
  // The statistics reach the view within a second or so of each transaction's end.
  await new Promise((r) => setTimeout(r, server.transactions ? 1500 : 0));
  const transactionsAfter = await server.transactions?.();
  ending = true;
  stop.abort();
  await dispatcher.close();
  await streams.destroy().catch(() => undefined);
  const sorted = latencies.sort((a, b) => a - b);
  const result: DayStep = {
    clinics: clinics.length,
    rate: Math.round(rate * 10) / 10,
    sent,
    p50: Math.round(percentile(sorted, 50)),
    p95: Math.round(percentile(sorted, 95)),
    p99: Math.round(percentile(sorted, 99)),
    errors,
    streamErrors,
    cpuMs: sent ? Math.round((cpu / sent) * 100) / 100 : 0,
    cores,
    ...(transactionsBefore !== undefined && transactionsAfter !== undefined && sent ? { transactions: Math.round(((transactionsAfter - transactionsBefore) / sent) * 100) / 100 } : {}),
    ok: false,
  };
  result.ok = result.p99 <= P99_GOAL_MS && errors === 0 && streamErrors === 0;
  log(`  ${clinics.length} clinics (${result.rate} req/s, ${sent} sent, ${clinics.length * ROLES.length} streams): p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${errors} errors, ${streamErrors} stream errors, server CPU ${result.cpuMs} ms a request${result.transactions !== undefined ? `, ${result.transactions} database transactions a request` : ''}: ${result.ok ? 'held' : 'not held'}`);
  for (const [pattern, what] of firstError) log(`    ${pattern}: ${what}`);
  // Where the waiting was: the requests that took the most time in all.
  const slowest = [...byPattern].map(([pattern, ms]) => ({ pattern, n: ms.length, total: ms.reduce((a, b) => a + b, 0), p95: percentile([...ms].sort((a, b) => a - b), 95) })).sort((a, b) => b.total - a.total);
  result.slowest = slowest.slice(0, 3).map((x) => `${x.pattern} (${x.n}, mean ${Math.round(x.total / x.n)} ms, p95 ${Math.round(x.p95)} ms)`).join('; ');
  // The p99's tail: which kinds of request the slowest 1% are.
  const cut = result.p99;
  const inTail = new Map<string, number>();
  for (const [pattern, ms] of byPattern) {
    const n = ms.filter((x) => x >= cut).length;
    if (n) inTail.set(pattern, n);
  }
  const kindP99 = (pattern: string) => Math.round(percentile([...(byPattern.get(pattern) ?? [])].sort((a, b) => a - b), 99));
  result.tail = [...inTail].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([pattern, n]) => `${pattern} (${n} of ${byPattern.get(pattern)!.length}, its p99 ${kindP99(pattern)} ms)`).join('; ');
  log(`    the slowest 1% (at or over ${cut} ms): ${result.tail}`);
  log(`    CPU during the step, % of one core (2 cores: 200%): server ${cores.server}, load generator ${cores.generator}, PostgreSQL (all its processes) ${cores.postgres}, the whole machine ${cores.machine}`);
  log(`    most time: ${slowest.slice(0, 5).map((x) => `${x.pattern} (${x.n}, mean ${Math.round(x.total / x.n)} ms, p95 ${Math.round(x.p95)} ms)`).join('; ')}`);
  return result;
}

/** The largest N that holds: doubling from `from`, then halving the gap down to an eighth of N. */
async function search(server: Served, model: DayModel, clinics: Clinic[], seconds: number, from: number, minRequests: number, fixed: number | undefined, log: (s: string) => void): Promise<{ steps: DayStep[]; best: DayStep | null; capped: boolean }> {
  const steps: DayStep[] = [];
  const run = async (n: number) => {
    const s = await step(server, model, clinics.slice(0, n), seconds, minRequests, log);
    steps.push(s);
    return s;
  };
  let best: DayStep | null = null;
  if (fixed) {
    const s = await run(Math.min(fixed, clinics.length));
    return { steps, best: s.ok ? s : null, capped: false };
  }
  let n = Math.min(from, clinics.length);
  let failed: number | null = null;
  for (;;) {
    const s = await run(n);
    if (!s.ok) {
      failed = n;
      break;
    }
    best = s;
    if (n === clinics.length) break;
    n = Math.min(n * 2, clinics.length);
  }
  let low = best?.clinics ?? 0;
  while (failed !== null && failed - low > Math.max(1, Math.floor(low / 8))) {
    const mid = Math.floor((low + failed) / 2);
    const s = await run(mid);
    if (s.ok) {
      best = s;
      low = mid;
    } else failed = mid;
  }
  return { steps, best, capped: failed === null };
}

interface Served {
  base: string;
  /** Transactions the database has committed or rolled back so far (PostgreSQL's statistics). */
  transactions?: () => Promise<number>;
  /** Whether a scheduled job of the server's is running or due (PostgreSQL: the jobs' table). */
  jobsBusy?: () => Promise<boolean>;
  /** CPU time the server process has used, ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** utime + stime of a process, ms (fields 14 and 15 of /proc/<pid>/stat, in ticks of 10 ms). */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Waits for the server's start-up work to end (its scheduled jobs' first runs: sealing, reminders)
 * before the steps: its CPU quiet for a second, and no job running or due.
 */
async function settled(server: Served, log: (s: string) => void): Promise<void> {
  const t0 = Date.now();
  let last = server.cpuMs();
  while (Date.now() - t0 < 180_000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = server.cpuMs();
    const quiet = now - last < 50 && !(await server.jobsBusy?.());
    last = now;
    if (quiet) break;
  }
  log(`  The server's start-up work done in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
}

/** `profileDir`: the server runs under Node's CPU profiler, its profile written there when it stops. */
async function serve(bundle: string, env: Record<string, string>, port: number, profileDir?: string): Promise<Served> {
  const serverEnv = { ...process.env, ...env, MASTER_KEY: BENCH_MASTER_KEY.toString('base64'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', CLIENT_DIR: '/nonexistent', JOB_INTERVAL_MINUTES: '100000' };
  const server = profileDir
    ? spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, bundle], { env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] })
    : start(bundle, serverEnv);
  const base = `http://127.0.0.1:${port}/api/v1`;
  await waitFor(`${base}/tenant-check`);
  return {
    base,
    cpuMs: () => cpuOf(server.pid),
    stop: async () => {
      // SIGINT: the profiler writes its file on the way out.
      server.kill(profileDir ? 'SIGINT' : 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}

/**
 * The generated values of encrypted fields are written plain (as data from before encryption), and
 * read as they are. The server's job that seals such values would otherwise run through every step
 * beside the requests (it did, unnoticed, in the first runs: its first run is due at once, and at a
 * million patients it takes the better part of an hour), so it is held off here: a day's figure
 * is the requests' alone. (Opening a sealed value is a few microseconds: the load bench's
 * encryption cost.)
 */
async function holdSealingJob(db: Kysely<Database>): Promise<void> {
  await sql`insert into scheduled_jobs (name, every_seconds, lease_seconds, due_at) values ('legacy-sealing', 6000000, 900, 'infinity')
    on conflict (name) do update set due_at = 'infinity', claimed_by = null, claimed_until = null`.execute(db);
}

/** Whether the data's clinic keys are wrapped by a master key other than the bench's (made before it had one). */
async function foreignKeys(url: string): Promise<boolean> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ other: boolean }>("select exists (select 1 from tenant_keys where split_part(wrapped, ':', 1) <> $1) as other", [masterKeyOf(BENCH_MASTER_KEY).id]);
    return rows[0].other;
  } catch {
    return false; // no such table yet
  } finally {
    await client.end();
  }
}

/** Fills the data (when it is not there already) and readies the clinics. */
async function fill(whole: Db, size: { clinics: number; patients: number }, log: (s: string) => void): Promise<Clinic[]> {
  const db = whole.kysely;
  // Patients the day registers are not generated ones: only the generated count tells a complete data set.
  const { rows } = await sql<{ clinics: number; patients: number; expenses: number }>`
    select (select count(*) from tenants where subdomain like ${`${BENCH_PREFIX}%`})::int as clinics,
           (select count(*) from patients p join tenants t on t.id = p.tenant_id where t.subdomain like ${`${BENCH_PREFIX}%`} and p.name not like 'Day Patient %')::int as patients,
           (select count(*) from expenses)::int as expenses`.execute(db);
  const have = rows[0];
  if (have.clinics === size.clinics && have.patients === size.clinics * size.patients && have.expenses >= size.clinics * 12) log(`  Data already there: ${have.clinics} clinics, ${have.patients.toLocaleString('en')} patients.`);
  else await generate(whole, size, false, (s) => log(`  ${s}`));
  await holdSealingJob(db);
  await removeBookings(db);
  return prepareClinics(db, log);
}

/** Clinics x patients each for a total: 500 patients a clinic, between 64 clinics (the small run's) and 2,000. */
function sizeFor(patients: number): { clinics: number; patients: number } {
  const n = Math.max(64, Math.min(2_000, Math.floor(patients / 500)));
  return { clinics: n, patients: Math.max(1, Math.floor(patients / n)) };
}

export interface ClinicDayOptions {
  databaseUrl: string;
  small: boolean;
  seconds: number;
  /** One step at this many clinics instead of the search (before/after comparisons). */
  fixed?: number;
  databases: ClinicDay['database'][];
  /** The server bundle to run (default: built now, as `npm start` runs it). */
  bundle?: string;
  /** Run the PostgreSQL server under Node's CPU profiler and print where its time went. */
  profileDir?: string;
  /** Two server bundles compared at `fixed` clinics in alternating rounds (PostgreSQL only). */
  compare?: [string, string];
  /** Count each request's round trips to PostgreSQL instead of the steps (see roundTrips). */
  trips?: boolean;
}

/** Round trips per request of each pattern of the day, and each alone's time (median, ms). */
export interface RequestTrips {
  pattern: string;
  roundTrips: number;
  /** Statements answered (several may go in one round trip). */
  statements: number;
  ms: number;
}

/**
 * Each request pattern of the model sent alone, `times` times one after the other for one clinic,
 * its server's database connections through a counting relay: the round trips one request of the
 * kind waits for (a read's batched audit event and a session's batched touch included, as they fall).
 */
async function roundTrips(server: Served, relay: CountingRelay, model: DayModel, clinic: Clinic, times: number, log: (s: string) => void): Promise<RequestTrips[]> {
  const origin = new URL(server.base).origin;
  const today = dayjs().format('YYYY-MM-DD');
  const rnd = random(7);
  // Each pattern as each role sends it: a role may read less of it (a part it may not read).
  const seen = new Map<string, [Role, string]>();
  for (const a of model.actions) for (const r of a.requests) seen.set(`${a.role} ${r}`, [a.role, r]);
  const out: RequestTrips[] = [];
  const showSql = process.env.BENCH_DAY_TRIPS === 'sql';
  for (const [key, [role, pattern]] of seen) {
    const ms: number[] = [];
    let trips = 0;
    let answered = 0;
    for (let i = 0; i < times + 1; i++) {
      const r = concrete(pattern, clinic, rnd, today);
      const before = relay.count();
      const answeredBefore = relay.answered();
      const t0 = performance.now();
      const res = await request(`${origin}${r.path}`, { method: r.method as 'GET', headers: { host: `${clinic.subdomain}.localhost`, authorization: `Bearer ${clinic.tokens[role]}`, 'accept-language': 'ckb', ...(r.body ? { 'content-type': 'application/json' } : {}) }, body: r.body });
      await res.body.text();
      const took = performance.now() - t0;
      // Batched writes (a read's audit event, a session's touch) land within 100 ms.
      await new Promise((done) => setTimeout(done, 250));
      if (res.statusCode >= 400) log(`    ${pattern}: ${res.statusCode}`);
      // The first of each kind warms the process's caches (keys, sessions): not counted.
      const statements = relay.statements();
      if (i === 0) continue;
      if (showSql && i === times) log(`    ${key}:\n${statements.map((x) => `      ${x.replace(/\s+/g, ' ').slice(0, 220)}`).join('\n')}`);
      trips += relay.count() - before;
      answered += relay.answered() - answeredBefore;
      ms.push(took);
    }
    ms.sort((a, b) => a - b);
    out.push({ pattern: key, roundTrips: Math.round((trips / times) * 10) / 10, statements: Math.round((answered / times) * 10) / 10, ms: Math.round(ms[Math.floor(ms.length / 2)] * 10) / 10 });
  }
  out.sort((a, b) => b.roundTrips - a.roundTrips);
  for (const t of out) log(`    ${String(t.roundTrips).padStart(5)} round trips (${String(t.statements).padStart(4)} statements answered), ${String(t.ms).padStart(6)} ms alone: ${t.pattern}`);
  const weights = new Map<string, number>();
  for (const a of model.actions) for (const r of a.requests) weights.set(`${a.role} ${r}`, (weights.get(`${a.role} ${r}`) ?? 0) + actionsPerDay(model, a));
  const all = [...weights.values()].reduce((x, y) => x + y, 0);
  const mean = (of: (t: RequestTrips) => number) => out.reduce((sum, t) => sum + of(t) * (weights.get(t.pattern) ?? 0), 0) / all;
  log(`  Per request of the day (weighted by how often each is sent): ${mean((t) => t.roundTrips).toFixed(2)} round trips, ${mean((t) => t.statements).toFixed(2)} statements answered`);
  return out;
}

/**
 * Two server bundles at one N, in alternating rounds (A B A B...: the machine's other load falls
 * on both alike), each round a server of its own; per bundle, its rounds' steps.
 */
async function compare(bundles: [string, string], startServer: (bundle: string) => Promise<Served & { end(): Promise<void> }>, model: DayModel, clinics: Clinic[], opts: ClinicDayOptions, log: (s: string) => void): Promise<DayStep[][]> {
  const n = Math.min(opts.fixed ?? 128, clinics.length);
  const rounds = Number(process.env.BENCH_DAY_ROUNDS ?? 3);
  const steps: DayStep[][] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const i of [0, 1]) {
      const server = await startServer(bundles[i]);
      try {
        await settled(server, () => undefined);
        log(`  round ${round + 1}, ${i ? 'B' : 'A'} (${bundles[i]}):`);
        steps[i].push(await step(server, model, clinics.slice(0, n), opts.seconds, 0, log));
      } finally {
        await server.end();
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const i of [0, 1]) {
    const s = steps[i];
    log(`  ${i ? 'B' : 'A'} ${bundles[i]}, median of ${rounds} at ${n} clinics: p50 ${median(s.map((x) => x.p50))} ms, p95 ${median(s.map((x) => x.p95))} ms, p99 ${median(s.map((x) => x.p99))} ms, CPU ${median(s.map((x) => x.cpuMs))} ms a request, ${median(s.map((x) => x.transactions ?? 0))} transactions a request`);
  }
  return steps;
}

export async function runClinicDay(opts: ClinicDayOptions, log: (s: string) => void): Promise<ClinicDay[]> {
  const model = loadModel();
  const perClinicRate = peakRate(model);
  log(`  The model: ${model.actions.length} actions, ${perClinicRate.toFixed(3)} requests a second per clinic at the peak, ${ROLES.length} live streams per clinic.`);
  // A bundle given (a build of another commit, for a before/after comparison) is run as it is.
  const bundle = opts.bundle ?? 'dist/server/main.js';
  if (!opts.bundle) execSync('npm run build:server', { stdio: 'ignore' });
  const out: ClinicDay[] = [];

  // PostgreSQL: a database of its own beside the bench's.
  if (opts.databases.includes('PostgreSQL')) {
  const patients = Number(process.env.BENCH_DAY_PATIENTS ?? (opts.small ? 3_200 : 1_000_000));
  const size = sizeFor(patients);
  // A database for each size: a small run does not replace the million patients.
  const name = patients === 1_000_000 ? 'clinic_day' : `clinic_day_${patients}`;
  const url = new URL(opts.databaseUrl);
  url.pathname = `/${name}`;
  const admin = new URL(opts.databaseUrl);
  admin.pathname = '/postgres';
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  let { rows: exists } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.length && (await foreignKeys(url.toString()))) {
    log(`  ${name}'s clinic keys are wrapped by a master key other than the bench's (a run before the bench had one): made again.`);
    await client.query(`drop database ${name} with (force)`);
    exists = [];
  }
  if (!exists.length) await client.query(`create database ${name}`);
  await client.end();
  {
    const { db } = await prepareDatabase({ databaseUrl: url.toString(), dataDir: 'unused', seedDemo: 'always' }, { info: () => undefined });
    const clinics = await fill(db, size, log);
    await sql`vacuum analyze`.execute(db.kysely);
    await db.close();
    const startServer = async (which: string, profileDir?: string): Promise<Served & { end(): Promise<void> }> => {
      const server = await serve(which, { DATABASE_URL: url.toString() }, PORT, profileDir);
      const stats = new pg.Client({ connectionString: url.toString() });
      await stats.connect();
      server.transactions = async () => {
        await stats.query('select pg_stat_clear_snapshot()');
        const { rows } = await stats.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
        return Number(rows[0].n);
      };
      server.jobsBusy = async () => {
        const { rows } = await stats.query<{ busy: boolean }>('select exists (select 1 from scheduled_jobs where due_at <= now() or claimed_until > now()) as busy');
        return rows[0].busy;
      };
      // Every round begins as the first: the sessions last used over a minute ago (their use noted again).
      await stats.query(`update sessions set last_seen_at = now() - interval '2 minutes' where token_hash = any($1::text[])`, [clinics.flatMap((c) => ROLES.map((r) => sha256(c.tokens[r])))]);
      return { ...server, end: async () => (await stats.end(), await server.stop()) };
    };
    if (opts.trips) {
      const db = new URL(url.toString());
      const relay = await countingRelay({ host: db.hostname, port: Number(db.port || 5432) }, PORT + 2, process.env.BENCH_DAY_TRIPS === 'sql');
      const relayed = new URL(url.toString());
      relayed.host = `127.0.0.1:${PORT + 2}`;
      const server = await serve(bundle, { DATABASE_URL: relayed.toString() }, PORT);
      try {
        await settled(server, log);
        log(`  Round trips to PostgreSQL per request, each kind alone (${bundle}):`);
        await roundTrips(server, relay, model, clinics[0], 5, log);
      } finally {
        await server.stop();
        await relay.close();
        const { db } = await prepareDatabase({ databaseUrl: url.toString(), dataDir: 'unused', seedDemo: 'never' }, { info: () => undefined });
        await removeBookings(db.kysely);
        await db.close();
      }
      return out;
    }
    if (opts.compare) {
      try {
        out.push(...(await compare(opts.compare, startServer, model, clinics, opts, log)).map((steps) => ({ database: 'PostgreSQL' as const, clinicsInData: clinics.length, patients: size.clinics * size.patients, perClinicRate, seconds: opts.seconds, carried: 0, best: null, steps, capped: false })));
      } finally {
        const { db } = await prepareDatabase({ databaseUrl: url.toString(), dataDir: 'unused', seedDemo: 'never' }, { info: () => undefined });
        await removeBookings(db.kysely);
        await db.close();
      }
      return out;
    }
    const server = await startServer(bundle, opts.profileDir);
    try {
      await settled(server, log);
      log(`  PostgreSQL, ${size.clinics.toLocaleString('en')} clinics x ${size.patients.toLocaleString('en')} patients:`);
      const found = await search(server, model, clinics, opts.seconds, opts.small ? 4 : 128, opts.small ? 200 : 1000, opts.fixed, log);
      out.push({ database: 'PostgreSQL', clinicsInData: clinics.length, patients: size.clinics * size.patients, perClinicRate, seconds: opts.seconds, carried: found.best?.clinics ?? 0, ...found });
    } finally {
      await server.end();
      if (opts.profileDir) {
        const file = fs.readdirSync(opts.profileDir).find((f) => f.endsWith('.cpuprofile'));
        const spent = file ? chargeProfile(path.join(opts.profileDir, file), path.resolve(bundle)) : [];
        const all = spent.reduce((sum, [, us]) => sum + us, 0);
        log(`  The server's CPU profile (${opts.profileDir}): ${spent.slice(0, 14).map(([who, us]) => `${who} ${Math.round((us / all) * 100)}%`).join(', ')}`);
      }
      const { db } = await prepareDatabase({ databaseUrl: url.toString(), dataDir: 'unused', seedDemo: 'never' }, { info: () => undefined });
      await removeBookings(db.kysely);
      await db.close();
    }
  }

  }

  // The embedded database: a small install's data in a fresh PGlite folder.
  if (!opts.databases.includes('PGlite')) return out;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-day-pglite-'));
  try {
    const small = opts.small ? { clinics: 16, patients: 100 } : { clinics: 128, patients: 200 };
    const { db } = await prepareDatabase({ dataDir, seedDemo: 'always' }, { info: () => undefined });
    const clinics = await fill(db, small, log);
    await db.close();
    const server = await serve(bundle, { DATABASE_URL: '', DATA_DIR: dataDir }, PORT + 1);
    try {
      await settled(server, log);
      log(`  PGlite, ${small.clinics} clinics x ${small.patients} patients:`);
      const found = await search(server, model, clinics, opts.seconds, opts.small ? 2 : 8, opts.small ? 200 : 600, opts.fixed, log);
      out.push({ database: 'PGlite', clinicsInData: clinics.length, patients: small.clinics * small.patients, perClinicRate, seconds: opts.seconds, carried: found.best?.clinics ?? 0, ...found });
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1]?.endsWith('clinic-day.ts')) {
  const small = process.env.BENCH_SIZE === 'small';
  const fixed = process.env.BENCH_DAY_CLINICS ? Number(process.env.BENCH_DAY_CLINICS) : undefined;
  const databases = (process.env.BENCH_DAY_DATABASES ?? 'PostgreSQL,PGlite').split(',') as ClinicDay['database'][];
  const result = await runClinicDay({ databaseUrl: process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres', small, seconds: Number(process.env.BENCH_SECONDS ?? (small ? 4 : 10)), fixed, databases, bundle: process.env.BENCH_DAY_SERVER, profileDir: process.env.BENCH_DAY_PROFILE, compare: process.env.BENCH_DAY_COMPARE?.split(',') as [string, string] | undefined, trips: !!process.env.BENCH_DAY_TRIPS }, console.log);
  console.log(JSON.stringify(result.map(({ steps: _steps, ...r }) => r), null, 2));
}

// `npm run bench`: data at scale, API load against the bare-query limit, page weight and speed,
// and cold start. Prints the tables and writes them to bench/RESULTS.md (every number to
// bench/results/latest.json), the parts not run keeping their last figures (results-merge.ts);
// docs/performance.md says how to read them.
//   DATABASE_URL   PostgreSQL to fill and load (default: the local server, database clinic_bench,
//                  started and created here when this machine has one)
//   BENCH_SIZE     "full" (200 clinics x 5,000 patients, default) or "small" (5 x 500)
//   BENCH_SECONDS  seconds per load measurement (default 5)
//   BENCH_PARTS    what to run, comma-separated (default all): load, costs, profile, rls, pglite, pages, offline, outbox, cold, day, jobs
//   BENCH_DAY_PATIENTS  patients of the clinic-day workload (bench/clinic-day.ts; default 1,000,000, small 3,200)
//   BENCH_JOBS_PATIENTS  the copied clinic's size in the export-and-restore part (bench/long-jobs.ts; default 3,000, small 500)
//   BENCH_CALLS    only the API calls whose names contain one of these (comma-separated)
//   BENCH_CONNECTIONS  the API load's connection counts (comma-separated; default 1,16,64)
//   BENCH_PAGES_PORT  the pages part's server port (default 3402)
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../src/server/start';
import { generate } from './generate';
import { type ClinicDay, runClinicDay } from './clinic-day';
import { type CostRow, type LoadRow, runLoad } from './load';
import type { ProfileRow } from './profile';
import { type OfflineDevice, offlineLines, runOfflineDevice } from './offline-device';
import { type OfflineWrites, offlineWritesLines, runOfflineWrites } from './offline-writes';
import { type PageWeight, runPageWeight } from './page-weight';
import { type PgliteRow, runPglite } from './pglite';
import { type LongJobs, longJobsLines, runLongJobs } from './long-jobs';
import { type BenchResults, resultsMarkdown } from './results-markdown';
import { PART_FIELDS, mergeResults } from './results-merge';
import { type RlsRow, runRlsCost } from './rls';

const log = (s: string) => console.log(s);

function localPostgres(): string {
  const url = 'postgres://postgres:postgres@127.0.0.1:5432/clinic_bench';
  try {
    const version = execSync('ls /usr/lib/postgresql | sort -n | tail -1').toString().trim();
    execSync(`pg_lsclusters -h | grep -q online || pg_ctlcluster ${version} main start`, { stdio: 'ignore', shell: '/bin/bash' });
    execSync(`su postgres -c "psql -q -c \\"alter user postgres password 'postgres'\\""`, { stdio: 'ignore' });
    execSync(`su postgres -c "psql -tAc \\"select 1 from pg_database where datname = 'clinic_bench'\\" | grep -q 1 || createdb clinic_bench"`, { stdio: 'ignore', shell: '/bin/bash' });
  } catch (err) {
    throw new Error('No DATABASE_URL and no local PostgreSQL could be started', { cause: err });
  }
  return url;
}

// What `npm start` runs once its build step is done: the bundled server, on the embedded database.
async function coldStart(): Promise<number> {
  execSync('npm run build:server', { stdio: 'ignore' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-cold-'));
  const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent' };
  const once = async (port: number) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, ['dist/server/main.js'], { env: { ...env, PORT: String(port) }, stdio: 'ignore' });
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/tenant-check`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = Date.now() - t0;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    return ms;
  };
  await once(3410); // first start creates and seeds the database
  const runs = [await once(3411), await once(3412), await once(3413)];
  fs.rmSync(dataDir, { recursive: true, force: true });
  return runs.sort((a, b) => a - b)[1];
}

const size = process.env.BENCH_SIZE === 'small' ? { clinics: 5, patients: 500 } : { clinics: 200, patients: 5000 };
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const parts = new Set((process.env.BENCH_PARTS ?? 'load,costs,profile,rls,pglite,pages,offline,outbox,cold,day,jobs').split(','));
const LATEST = 'bench/results/latest.json';
// A run of some parts keeps the others' figures from latest.json (kept in the repository). Without
// it, RESULTS.md written from this run alone would lose them (and the docs' links to them): such a
// run prints its figures and writes nothing.
const writes = Object.keys(PART_FIELDS).every((p) => parts.has(p)) || fs.existsSync(LATEST);
if (!writes) log(`${LATEST} is missing: the figures of this run of some parts are printed, not written (run every part once to write them).`);
const calls = process.env.BENCH_CALLS ? process.env.BENCH_CALLS.split(',') : undefined;
const connections = (process.env.BENCH_CONNECTIONS ?? '1,16,64').split(',').map(Number);
const databaseUrl = process.env.DATABASE_URL || localPostgres();
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB, Node ${process.version}`;

log(`Machine: ${machine}`);
log('Data:');
const { db } = await prepareDatabase({ databaseUrl, dataDir: 'unused', seedDemo: 'always' }, { info: () => undefined });
await generate(db, size, false, (s) => log(s));
await db.close();

const none = { rows: [] as LoadRow[], costs: [] as CostRow[], profile: [] as ProfileRow[] };
const loading = parts.has('load') || parts.has('costs') || parts.has('profile');
if (loading) log('API load:');
const { rows: load, costs, profile } = loading
  ? await runLoad(databaseUrl, { seconds, connections: parts.has('load') ? connections : [], calls, costs: parts.has('costs'), profile: parts.has('profile') }, log)
  : none;
if (parts.has('rls')) log('Row-level security:');
const rls: RlsRow[] = parts.has('rls') ? await runRlsCost(databaseUrl, seconds, log) : [];
if (parts.has('pglite')) log('The embedded database:');
const embedded: PgliteRow[] = parts.has('pglite') ? await runPglite(seconds, log) : [];
if (parts.has('pages')) log('Page weight and speed:');
const pages: PageWeight | null = parts.has('pages') ? await runPageWeight(5, log) : null;
if (parts.has('offline')) log('The device during a cut:');
const offline: OfflineDevice | null = parts.has('offline') ? await runOfflineDevice(log) : null;
if (offline) for (const line of offlineLines(offline)) log(`  ${line}`);
if (parts.has('outbox')) log("A device's outbox sent after a cut:");
const outbox: OfflineWrites | null = parts.has('outbox') ? await runOfflineWrites(log) : null;
if (outbox) for (const line of offlineWritesLines(outbox)) log(`  ${line}`);
if (parts.has('day')) log("A clinic's day, for many clinics at once:");
// BENCH_DAY_PATIENTS sets the workload's scale on its own (the full one beside a small bench run).
const daySmall = process.env.BENCH_SIZE === 'small' && !process.env.BENCH_DAY_PATIENTS;
const day: ClinicDay[] = parts.has('day')
  ? await runClinicDay({ databaseUrl, small: daySmall, seconds: Math.max(seconds, daySmall ? 4 : 10), databases: ['PostgreSQL', 'PGlite'] }, log)
  : [];
if (parts.has('jobs')) log("A clinic's copy built and restored while another clinic works:");
const jobsPatients = Number(process.env.BENCH_JOBS_PATIENTS ?? (process.env.BENCH_SIZE === 'small' ? 500 : 3_000));
const jobs: LongJobs | null = parts.has('jobs') ? await runLongJobs(jobsPatients, log) : null;
if (jobs) for (const line of longJobsLines(jobs)) log(`  ${line}`);
if (parts.has('cold')) log('Cold start:');
const coldMs = parts.has('cold') ? await coldStart() : null;

const run: BenchResults = { date: new Date().toISOString(), machine, size, seconds, parts: [...parts], load, costs, profile, rls, embedded, pages, offline, outbox, day, jobs, coldStartMs: coldMs };
// The parts not run this time keep their last figures, dated.
const results = mergeResults(fs.existsSync(LATEST) ? (JSON.parse(fs.readFileSync(LATEST, 'utf8')) as BenchResults) : null, run);
const markdown = resultsMarkdown(results);
console.log(`\n${markdown}`);
if (!writes) process.exit(0);
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(LATEST, JSON.stringify(results, null, 2));
fs.writeFileSync('bench/RESULTS.md', markdown);
console.log('Written to bench/RESULTS.md and bench/results/latest.json');

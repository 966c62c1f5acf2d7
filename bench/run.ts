// `npm run bench`: data at scale, API load against the bare-query limit, page weight and speed,
// and cold start. Prints a table and writes bench/results/latest.json.
//   DATABASE_URL   PostgreSQL to fill and load (default: the local server, database clinic_bench,
//                  started and created here when this machine has one)
//   BENCH_SIZE     "full" (200 clinics x 5,000 patients, default) or "small" (5 x 500)
//   BENCH_SECONDS  seconds per load measurement (default 5)
//   BENCH_PARTS    what to run, comma-separated (default all): load, costs, profile, rls, pglite, pages, cold
//   BENCH_CALLS    only the API calls whose names contain one of these (comma-separated)
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../src/server/start';
import { generate } from './generate';
import { type CostRow, type LoadRow, runLoad } from './load';
import type { ProfileRow } from './profile';
import { type PageWeight, runPageWeight } from './page-weight';
import { type PgliteRow, runPglite } from './pglite';
import { type RlsRow, runRlsCost } from './rls';
import { kib } from './weigh';

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
const parts = new Set((process.env.BENCH_PARTS ?? 'load,costs,profile,rls,pglite,pages,cold').split(','));
const calls = process.env.BENCH_CALLS ? process.env.BENCH_CALLS.split(',') : undefined;
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
  ? await runLoad(databaseUrl, { seconds, connections: parts.has('load') ? [1, 16, 64] : [], calls, costs: parts.has('costs'), profile: parts.has('profile') }, log)
  : none;
if (parts.has('rls')) log('Row-level security:');
const rls: RlsRow[] = parts.has('rls') ? await runRlsCost(databaseUrl, seconds, log) : [];
if (parts.has('pglite')) log('The embedded database:');
const embedded: PgliteRow[] = parts.has('pglite') ? await runPglite(seconds, log) : [];
if (parts.has('pages')) log('Page weight and speed:');
const pages: PageWeight | null = parts.has('pages') ? await runPageWeight(5, log) : null;
if (parts.has('cold')) log('Cold start:');
const coldMs = parts.has('cold') ? await coldStart() : null;

const pct = (x: number) => `${Math.round(x * 100)}%`;
if (load.length) {
  console.log('\n| call | conns | API req/s | API p50 ms | API p99 ms | bare req/s | bare p99 ms | API / bare |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of load) console.log(`| ${r.call} | ${r.connections}${r.rate ? ` at ${r.rate}/s` : ''} | ${r.api.rps} | ${r.api.p50} | ${r.api.p99} | ${r.bare.rps} | ${r.bare.p99} | ${pct(r.ratio)} |`);
}
if (costs.length) {
  console.log('\nWhat the audit trail, encryption, exact access, relation titles and live updates cost (same run, the same server started without each):\n');
  console.log('| guarantee | call | conns | with req/s | p99 ms | without req/s | p99 ms | cost |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of costs) console.log(`| ${r.guarantee} | ${r.call} | ${r.connections} | ${r.with.rps} | ${r.with.p99} | ${r.without.rps} | ${r.without.p99} | ${pct(r.cost)} |`);
}
if (profile.length) {
  console.log("\nWhere the server's CPU goes per request, at 16 connections (µs; socket writes charged to who wrote):\n");
  const where = [...new Set(profile.flatMap((p) => Object.keys(p.perRequestUs)))];
  const total = (p: ProfileRow) => Object.values(p.perRequestUs).reduce((a, b) => a + b, 0);
  console.log(`| where | ${profile.map((p) => `${p.call} (${p.rps} req/s)`).join(' | ')} |`);
  console.log(`|---|${profile.map(() => '---').join('|')}|`);
  const rows = where.map((w) => ({ w, max: Math.max(...profile.map((p) => p.perRequestUs[w] ?? 0)) })).filter((r) => r.max >= 10).sort((a, b) => b.max - a.max);
  for (const { w } of rows) console.log(`| ${w} | ${profile.map((p) => p.perRequestUs[w] ?? 0).join(' | ')} |`);
  console.log(`| all | ${profile.map(total).join(' | ')} |`);
}
if (rls.length) {
  console.log('\nRow-level security (the same query and transaction as the app role, with the policy, and as the owner, without):\n');
  console.log('| query | conns | app role tx/s | owner tx/s | cost |');
  console.log('|---|---|---|---|---|');
  for (const r of rls) console.log(`| ${r.query} | ${r.connections} | ${r.app} | ${r.owner} | ${pct(r.cost)} |`);
}
if (embedded.length) {
  console.log(`\nThe embedded database (5 clinics x 500 patients) beside PostgreSQL (${size.clinics} x ${size.patients}), same run:\n`);
  console.log('| call | conns | PGlite req/s | PGlite p99 ms | PostgreSQL req/s | PGlite / PostgreSQL |');
  console.log('|---|---|---|---|---|---|');
  for (const r of embedded) {
    const pgRow = load.find((l) => l.call === r.call && l.connections === r.connections && !l.rate);
    console.log(`| ${r.call} | ${r.connections} | ${r.pglite.rps} | ${r.pglite.p99} | ${pgRow?.api.rps ?? '-'} | ${pgRow?.api.rps ? pct(r.pglite.rps / pgRow.api.rps) : '-'} |`);
  }
}
if (pages) {
  console.log('\n| page | JS raw KiB | JS gzip KiB | CSS raw KiB | CSS gzip KiB | median ms to usable |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, p] of [['login', pages.login], ['patients list', pages.patients]] as const) {
    console.log(`| ${name} | ${kib(p.js.raw)} | ${kib(p.js.gzip)} | ${kib(p.css.raw)} | ${kib(p.css.gzip)} | ${p.medianMs} |`);
  }
  console.log('\nThe patients list loads most (gzip KiB): ' + pages.patientsFiles.map((c) => `${path.basename(c.file)} ${kib(c.gzip)}`).join(', '));
  console.log('Largest chunks (gzip KiB): ' + pages.largest.map((c) => `${path.basename(c.file)} ${kib(c.gzip)}`).join(', '));
}
if (coldMs !== null) console.log(`Cold start to first answer (existing embedded database, median of 3): ${coldMs} ms`);

fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/latest.json', JSON.stringify({ date: new Date().toISOString(), machine, size, seconds, parts: [...parts], load, costs, profile, rls, embedded, pages, coldStartMs: coldMs }, null, 2));
console.log('\nWritten to bench/results/latest.json');

// Two server bundles compared by the CPU each request costs, not only by requests a second: on
// this shared machine a rate moves by 2x with the other work running, while the CPU a request
// takes (the server's process, and the PostgreSQL backends serving it) moves far less. Both
// servers run on the bench's data (`npm run bench` made it: clinic_bench), and each read of the
// API load part (bench/load.ts) is sent to one then the other at 16 connections, in alternating
// rounds; printed: requests a second, and CPU µs per request of the server and of PostgreSQL.
//   npx tsx bench/cpu-compare.ts <before bundle> <after bundle>
//   BENCH_SECONDS (default 5), BENCH_ROUNDS (default 3), BENCH_CALLS (names, comma-separated),
//   BENCH_PORT (first of two ports, default 4620), DATABASE_URL (default the local clinic_bench)
import fs from 'node:fs';
import pg from 'pg';
import dayjs from 'dayjs';
import { benchSubdomain } from './generate';
import { postJson } from './http';
import { type Target, measure, start, waitFor } from './load';

const [before, after] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: npx tsx bench/cpu-compare.ts <before bundle> <after bundle>');
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/clinic_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const firstPort = Number(process.env.BENCH_PORT ?? 4620);
const TICK_US = 10_000;

/** utime + stime of a process in µs (0 once it is gone). */
function cpuUs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const database = new URL(databaseUrl).pathname.slice(1);
/** CPU of the database's backends but this one, by pid. */
async function backends(): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  return new Map(rows.map((r) => [r.pid, cpuUs(r.pid)]));
}

const env = { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', CLIENT_DIR: '/nonexistent', JOB_INTERVAL_MINUTES: '100000' };
const sides = [
  { name: 'before', bundle: before, port: firstPort },
  { name: 'after', bundle: after, port: firstPort + 1 },
].map((s) => ({ ...s, server: start(s.bundle, { ...env, PORT: String(s.port) }), base: `http://127.0.0.1:${s.port}/api/v1` }));
// The same SQL behind a bare route (bench/bare-server.ts): what the database and a minimal server cost.
const bare = { name: 'bare', server: start('bench/bare-server.ts', { DATABASE_URL: databaseUrl, PORT: String(firstPort + 2) }), base: `http://127.0.0.1:${firstPort + 2}` };

try {
  for (const s of sides) await waitFor(`${s.base}/tenant-check`);
  await waitFor(`${bare.base}/dashboard`);
  const host = `${benchSubdomain(1)}.localhost`;
  const { rows } = await db.query(
    `select t.id as tenant, p.id as patient, split_part(p.name, ' ', 1) as prefix, right(p.phone, 7) as phone
     from tenants t join patients p on p.tenant_id = t.id where t.subdomain = $1 order by p.id limit 1`,
    [benchSubdomain(1)],
  );
  const { rows: seen } = await db.query(`select v.patient_id from visitings v join tenants t on t.id = v.tenant_id where t.subdomain = $1 and v.fee <> 12345 order by v.patient_id limit 1`, [benchSubdomain(1)]);
  const { prefix, phone } = rows[0] as { prefix: string; phone: string };
  const patient = Number(seen[0]?.patient_id ?? rows[0].patient);
  const tenant = Number(rows[0].tenant);
  const today = dayjs().format('YYYY-MM-DD');
  const tokens = await Promise.all(
    sides.map(async (s) => {
      const res = await postJson<{ token: string }>(`${s.base}/auth/tenant/login`, host, { username: 'doctor', password: 'demo-pass-1234' });
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
      return res.json.token;
    }),
  );
  const calls: { name: string; path: string; bare?: string }[] = [
    { name: 'patient search, name prefix', path: `/patients?q=${prefix.slice(0, 3)}`, bare: `/patients?tenant=${tenant}&q=${prefix.slice(0, 3)}` },
    { name: 'patient search, phone', path: `/patients?q=${phone}`, bare: `/patients?tenant=${tenant}&q=${phone}` },
    { name: "today's appointments", path: `/appointments?filter[date]=${today}&sort=time&per_page=50`, bare: `/appointments?tenant=${tenant}&date=${today}` },
    { name: "a patient's visits", path: `/visitings?filter[patient_id]=${patient}`, bare: `/visitings?tenant=${tenant}&patient=${patient}` },
    { name: "a patient's record", path: `/patients/${patient}` },
  ];
  const wanted = process.env.BENCH_CALLS?.split(',');
  for (const call of calls.filter((c) => !wanted || wanted.some((w) => c.name.includes(w)))) {
    const targets: Target[] = sides.map((_, i) => ({ method: 'GET', path: call.path, headers: { host, authorization: `Bearer ${tokens[i]}` } }));
    const measured = call.bare ? [...sides, bare] : sides;
    if (call.bare) targets.push({ method: 'GET', path: call.bare });
    // Warmed alike: code compiled, sessions and keys kept.
    for (let i = 0; i < measured.length; i++) await measure(measured[i].base, targets[i], 16, 1);
    const figures = measured.map(() => [] as { rps: number; server: number; database: number }[]);
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < measured.length; i++) {
        const pid = measured[i].server.pid!;
        const server0 = cpuUs(pid);
        const db0 = await backends();
        const t0 = performance.now();
        const f = await measure(measured[i].base, targets[i], 16, seconds);
        const requests = f.rps * ((performance.now() - t0) / 1000);
        const db1 = await backends();
        let database = 0;
        for (const [p, us] of db1) database += us - (db0.get(p) ?? 0);
        figures[i].push({ rps: f.rps, server: (cpuUs(pid) - server0) / requests, database: database / requests });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const line = measured
      .map((s, i) => `${s.name} ${median(figures[i].map((f) => f.rps))} req/s, server ${Math.round(median(figures[i].map((f) => f.server)))} µs, PostgreSQL ${Math.round(median(figures[i].map((f) => f.database)))} µs`)
      .join(' | ');
    console.log(`${call.name} @16 (median of ${rounds}): ${line}`);
    for (let i = 0; i < measured.length; i++) console.log(`  ${measured[i].name} rounds: ${figures[i].map((f) => `${f.rps}/s ${Math.round(f.server)}+${Math.round(f.database)} µs`).join(', ')}`);
  }
} finally {
  for (const s of [...sides, bare]) s.server.kill('SIGTERM');
  await db.end();
}

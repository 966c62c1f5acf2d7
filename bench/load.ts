// API load: each call at 1, 16 and 64 connections with autocannon (this process) against the real
// server (a child process on loopback), and the same SQL behind the bare route beside it.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import dayjs from 'dayjs';
import pg from 'pg';
import { benchSubdomain } from './generate';
import { postJson } from './http';
import { type ProfileRow, runProfile } from './profile';

/** One measurement: requests a second, latency percentiles in ms, failed answers. */
export interface Figure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadRow {
  call: string;
  connections: number;
  /** Requests a second asked for (an arrival rate); none: each connection asks again when answered. */
  rate?: number;
  api: Figure;
  bare: Figure;
  ratio: number;
}

/** A guarantee whose price is measured: the same server started without it, same run. */
export type Guarantee = 'audit' | 'encryption' | 'exact access' | 'relation labels' | 'live updates';

/** One call measured against the server with a guarantee and without it (same run). */
export interface CostRow {
  guarantee: Guarantee;
  call: string;
  connections: number;
  with: Figure;
  without: Figure;
  /** Share of requests per second the guarantee costs (0.05: 5% fewer). */
  cost: number;
}

const BENCH_VISIT = 'Benchmark visit';
/** The fee of the visits the bench creates: how they are found again (their complaint is sealed). */
const BENCH_FEE = 12345;

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Connection i sends the i-th (round robin) instead: each connection a clinic of its own. */
  perConnection?: { path: string; headers?: Record<string, string>; body?: string }[];
}

/** A server in its own process: a .ts script through tsx, a built .js one with plain Node. */
export function start(script: string, env: Record<string, string>): ChildProcess {
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** `rate`: requests a second across all connections (an arrival rate, not as fast as answers come). */
export async function measure(base: string, target: Target, connections: number, seconds: number, rate?: number): Promise<Figure> {
  let next = 0;
  const url = new URL(base);
  const result = await autocannon({
    url: `${base}${target.path}`,
    method: target.method,
    headers: { 'content-type': 'application/json', ...target.headers },
    body: target.body,
    connections,
    duration: seconds,
    overallRate: rate,
    setupClient: target.perConnection
      ? (client) => {
          const mine = target.perConnection![next++ % target.perConnection!.length];
          // The whole list: a single request set would give way to the default after one round.
          client.setRequests([{ method: target.method, path: `${url.pathname.replace(/\/$/, '')}${mine.path}`, headers: { 'content-type': 'application/json', ...mine.headers }, body: mine.body }]);
        }
      : undefined,
  });
  // A figure made of error answers would be meaningless: say which ones came back.
  if (result.non2xx) console.warn(`  ${target.method} ${target.path}: ${result.non2xx} answers not 2xx ${JSON.stringify(result.statusCodeStats)}`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * Waits until PostgreSQL runs nothing but this check. Requests autocannon gave up on at the end of
 * a measurement (the bare dashboard's counts take seconds each) keep the database busy after it
 * returns; the next measurement must not pay for them.
 */
const COST_ROUNDS = 3;

/** The round with the median requests per second. */
function median(rounds: Figure[]): Figure {
  return [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)];
}

async function settle(db: pg.Client): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await db.query("select count(*)::int as n from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and datname = current_database()");
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runLoad(
  databaseUrl: string,
  /** `calls`: only the calls whose names contain one of these; `costs`: measure the guarantees too. */
  opts: { seconds: number; connections: number[]; calls?: string[]; costs?: boolean; profile?: boolean },
  log: (s: string) => void,
): Promise<{ rows: LoadRow[]; costs: CostRow[]; profile: ProfileRow[] }> {
  const apiPort = 3400;
  const barePort = 3401;
  const withoutPorts: Record<Guarantee, number> = { audit: 3402, encryption: 3403, 'exact access': 3405, 'relation labels': 3406, 'live updates': 3407 };
  // The 'with' side of each comparison is a server as fresh as the 'without' ones (not the one
  // that just served the whole load above): a server's history should not be counted as a cost.
  const withPort = 3404;
  // The server as `npm start` runs it: bundled.
  execSync('npm run build:server', { stdio: 'ignore' });
  const api = start('dist/server/main.js', { DATABASE_URL: databaseUrl, PORT: String(apiPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', CLIENT_DIR: '/nonexistent', JOB_INTERVAL_MINUTES: '100000' });
  const bare = start('bench/bare-server.ts', { DATABASE_URL: databaseUrl, PORT: String(barePort) });
  // The same server without its audit trail, and without encryption, to show what each costs.
  const withoutEnv: Record<Guarantee, Record<string, string>> = {
    audit: { BENCH_WITHOUT_AUDIT: '1' },
    encryption: { BENCH_WITHOUT_ENCRYPTION: '1' },
    'exact access': { BENCH_WITHOUT_EXACT_ACCESS: '1' },
    'relation labels': { BENCH_WITHOUT_RELATION_LABELS: '1' },
    'live updates': { BENCH_WITHOUT_LIVE: '1' },
  };
  const withoutServers = [...(Object.keys(withoutPorts) as Guarantee[]), null].map((g) =>
    start('dist/server/main.js', {
      DATABASE_URL: databaseUrl,
      PORT: String(g ? withoutPorts[g] : withPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      CLIENT_DIR: '/nonexistent',
      JOB_INTERVAL_MINUTES: '100000',
      ...(g ? withoutEnv[g] : {}),
    }),
  );
  try {
    const host = `${benchSubdomain(1)}.localhost`;
    const apiBase = `http://127.0.0.1:${apiPort}/api/v1`;
    const bareBase = `http://127.0.0.1:${barePort}`;
    await waitFor(`${apiBase}/tenant-check`);
    await waitFor(`${bareBase}/dashboard`);
    const withoutBase = (g: Guarantee) => `http://127.0.0.1:${withoutPorts[g]}/api/v1`;
    for (const g of Object.keys(withoutPorts) as Guarantee[]) await waitFor(`${withoutBase(g)}/tenant-check`);
    const withBase = `http://127.0.0.1:${withPort}/api/v1`;
    await waitFor(`${withBase}/tenant-check`);

    const login = async (path: string, h: string) => {
      const res = await postJson<{ token: string }>(`${apiBase}${path}`, h, { username: path.includes('tenant') ? 'doctor' : 'owner', password: 'demo-pass-1234' });
      if (res.status !== 200) throw new Error(`login on ${h} failed: ${res.status}`);
      return res.json.token;
    };
    const clinicToken = await login('/auth/tenant/login', host);
    const ownerToken = await login('/auth/login', 'localhost');

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // Many clinics at once: up to 16 of the bench's clinics, each with its own doctor and patient.
    const { rows: others } = await db.query(
      `select t.id as tenant, t.subdomain, (select p.id from patients p where p.tenant_id = t.id order by p.id offset 1 limit 1) as visitor
       from tenants t where t.subdomain like 'bench-%' order by t.subdomain limit 16`,
    );
    const clinics = await Promise.all(
      others.map(async (c: { tenant: string; subdomain: string; visitor: string }) => ({
        tenant: Number(c.tenant),
        visitor: Number(c.visitor),
        headers: { host: `${c.subdomain}.localhost`, authorization: `Bearer ${await login('/auth/tenant/login', `${c.subdomain}.localhost`)}` },
      })),
    );
    const { rows } = await db.query(
      `select t.id as tenant, p.id as patient, split_part(p.name, ' ', 1) as prefix, right(p.phone, 7) as phone
       from tenants t join patients p on p.tenant_id = t.id where t.subdomain = $1 order by p.id limit 2`,
      [benchSubdomain(1)],
    );
    // bigint columns arrive as strings from a plain pg client; the API wants numbers.
    const { prefix, phone } = rows[0] as { prefix: string; phone: string };
    const tenant = Number(rows[0].tenant);
    // A patient with a visit on record: their visits list is a page, not an empty answer.
    const { rows: seen } = await db.query(
      `select v.patient_id from visitings v join tenants t on t.id = v.tenant_id where t.subdomain = $1 and v.fee <> $2 order by v.patient_id limit 1`,
      [benchSubdomain(1), BENCH_FEE],
    );
    const patient = Number(seen[0]?.patient_id ?? rows[0].patient);
    // Visits are created for the second patient and removed after the run (and before, in case a
    // run was cut short), so the data stays the same from run to run.
    const visitor = Number(rows[1].patient);
    // Their incomes first: a visit's income is never removed by deleting the visit (migration 019).
    const removeCreated = async () => {
      const created = 'select id from visitings where tenant_id = $1 and patient_id = $2 and fee = $3';
      for (const c of [{ tenant, visitor }, ...clinics]) {
        await db.query(`delete from incomes where tenant_id = $1 and visiting_id in (${created})`, [c.tenant, c.visitor, BENCH_FEE]);
        await db.query(`delete from payments where tenant_id = $1 and visiting_id in (${created})`, [c.tenant, c.visitor, BENCH_FEE]);
        await db.query(`delete from visitings where id in (${created})`, [c.tenant, c.visitor, BENCH_FEE]);
        // The plan's visit counter is made again from a count on the next visit (migration 055).
        await db.query('delete from visit_counts where tenant_id = $1', [c.tenant]);
      }
    };
    await removeCreated();
    await db.query('vacuum analyze visitings, incomes');
    const today = dayjs().format('YYYY-MM-DD');
    const clinic = { host, authorization: `Bearer ${clinicToken}` };
    // Paid at once: a row of the payments ledger and its income beside the visit.
    const visitIn = (patientId: number) => JSON.stringify({ patient_id: patientId, chief_complaint: BENCH_VISIT, fee: BENCH_FEE, payment: BENCH_FEE });
    const visit = visitIn(visitor);

    const calls: { name: string; api: Target; bare: Target }[] = [
      { name: 'patient search, name prefix', api: { method: 'GET', path: `/patients?q=${prefix.slice(0, 3)}`, headers: clinic }, bare: { method: 'GET', path: `/patients?tenant=${tenant}&q=${prefix.slice(0, 3)}` } },
      { name: 'patient search, phone', api: { method: 'GET', path: `/patients?q=${phone}`, headers: clinic }, bare: { method: 'GET', path: `/patients?tenant=${tenant}&q=${phone}` } },
      { name: "today's appointments", api: { method: 'GET', path: `/appointments?filter[date]=${today}&sort=time&per_page=50`, headers: clinic }, bare: { method: 'GET', path: `/appointments?tenant=${tenant}&date=${today}` } },
      { name: "a patient's visits", api: { method: 'GET', path: `/visitings?filter[patient_id]=${patient}`, headers: clinic }, bare: { method: 'GET', path: `/visitings?tenant=${tenant}&patient=${patient}` } },
      { name: 'create a visit', api: { method: 'POST', path: '/visitings', headers: clinic, body: visit }, bare: { method: 'POST', path: `/visitings?tenant=${tenant}&patient=${visitor}`, body: visit } },
      {
        name: 'create a visit, many clinics',
        api: { method: 'POST', path: '/visitings', perConnection: clinics.map((c) => ({ path: '/visitings', headers: c.headers, body: visitIn(c.visitor) })) },
        bare: { method: 'POST', path: '/visitings', perConnection: clinics.map((c) => ({ path: `/visitings?tenant=${c.tenant}&patient=${c.visitor}`, body: visitIn(c.visitor) })) },
      },
      { name: 'accounting result (year)', api: { method: 'GET', path: `/accounting?year=${dayjs().year()}`, headers: clinic }, bare: { method: 'GET', path: `/accounting?tenant=${tenant}&year=${dayjs().year()}` } },
      { name: 'central dashboard', api: { method: 'GET', path: '/dashboard', headers: { host: 'localhost', authorization: `Bearer ${ownerToken}` } }, bare: { method: 'GET', path: '/dashboard' } },
    ];

    const out: LoadRow[] = [];
    for (const call of calls.filter((c) => !opts.calls || opts.calls.some((name) => c.name.includes(name)))) {
      for (const connections of opts.connections) {
        await settle(db);
        const a = await measure(apiBase, call.api, connections, opts.seconds);
        await settle(db);
        const b = await measure(bareBase, call.bare, connections, opts.seconds);
        const row = { call: call.name, connections, api: a, bare: b, ratio: b.rps ? Math.round((a.rps / b.rps) * 100) / 100 : 0 };
        log(`  ${call.name} @${connections}: api ${a.rps} req/s p99 ${a.p99} ms (${a.errors} errors) | bare ${b.rps} req/s p99 ${b.p99} ms (${b.errors} errors) | ${Math.round(row.ratio * 100)}%`);
        out.push(row);
      }
    }
    // Patient search at a fixed arrival rate: the front desks of many clinics searching at once,
    // not a closed loop asking as fast as answers come (issue 20: p99 at most 50 ms at 200/s).
    if (opts.connections.length && (!opts.calls || opts.calls.some((n) => 'patient search, name prefix'.includes(n)))) {
      const search = calls[0];
      for (const rate of [100, 200]) {
        await settle(db);
        const a = await measure(apiBase, search.api, 64, opts.seconds, rate);
        await settle(db);
        const b = await measure(bareBase, search.bare, 64, opts.seconds, rate);
        const row = { call: search.name, connections: 64, rate, api: a, bare: b, ratio: b.rps ? Math.round((a.rps / b.rps) * 100) / 100 : 0 };
        log(`  ${search.name} at ${rate}/s: api ${a.rps} req/s p99 ${a.p99} ms | bare ${b.rps} req/s p99 ${b.p99} ms`);
        out.push(row);
      }
    }
    // What the guarantees cost: the audit trail on a patient read (one event) and a visit create
    // (one event beside the visit and its income); encryption on a visit read and create (its
    // sealed fields opened or sealed), each against the same server without it.
    const { rows: visits } = await db.query('select id from visitings where tenant_id = $1 order by id desc limit 1', [tenant]);
    const compared: { guarantee: Guarantee; name: string; target: Target }[] = [
      { guarantee: 'audit', name: 'a patient read', target: { method: 'GET', path: `/patients/${patient}`, headers: clinic } },
      { guarantee: 'audit', name: 'create a visit', target: { method: 'POST', path: '/visitings', headers: clinic, body: visit } },
      { guarantee: 'encryption', name: 'a visit read', target: { method: 'GET', path: `/visitings/${visits[0].id}`, headers: clinic } },
      { guarantee: 'encryption', name: 'create a visit', target: { method: 'POST', path: '/visitings', headers: clinic, body: visit } },
      // Kept sessions confirmed against the access epoch at each request's BEGIN (migration 031).
      { guarantee: 'exact access', name: "today's appointments", target: calls[2].api },
      { guarantee: 'exact access', name: "a patient's visits", target: calls[3].api },
      // The patients' names answered beside the appointments (before: a second request for them).
      { guarantee: 'relation labels', name: "today's appointments", target: calls[2].api },
      // A write announced to every process (one NOTIFY per row written, migration 039).
      { guarantee: 'live updates', name: 'create a visit', target: { method: 'POST', path: '/visitings', headers: clinic, body: visit } },
    ];
    const costs: CostRow[] = [];
    if (opts.costs === false) compared.length = 0;
    // The comparison servers have served nothing yet: warm them alike, so neither side pays for a
    // cold start in its figure.
    for (const call of compared) {
      await measure(withBase, call.target, 16, opts.seconds);
      await measure(withoutBase(call.guarantee), call.target, 16, opts.seconds);
    }
    for (const call of compared) {
      for (const connections of opts.connections.filter((c) => c <= 16)) {
        // Alternating rounds, the median of each side: one noisy sample on a shared machine is
        // larger than the difference being measured.
        const withRounds: Figure[] = [];
        const withoutRounds: Figure[] = [];
        for (let round = 0; round < COST_ROUNDS; round++) {
          await settle(db);
          withRounds.push(await measure(withBase, call.target, connections, opts.seconds));
          await settle(db);
          withoutRounds.push(await measure(withoutBase(call.guarantee), call.target, connections, opts.seconds));
        }
        const withIt = median(withRounds);
        const without = median(withoutRounds);
        const cost = without.rps ? Math.round((1 - withIt.rps / without.rps) * 100) / 100 : 0;
        log(`  ${call.guarantee} cost, ${call.name} @${connections}: ${withIt.rps} req/s with, ${without.rps} without (${Math.round(cost * 100)}%)`);
        costs.push({ guarantee: call.guarantee, call: call.name, connections, with: withIt, without, cost });
      }
    }
    // Where the time of a read and of a write goes in the server (bench/profile.ts).
    // With BENCH_CALLS, the profiled ones among those named (today's appointments too).
    const profiledCalls = opts.calls ? calls.filter((c) => opts.calls!.some((name) => c.name.includes(name))) : calls;
    const profiled = opts.profile ? profiledCalls.filter((c) => ["a patient's visits", 'patient search, name prefix', "today's appointments", 'create a visit'].includes(c.name) && (opts.calls || c.name !== "today's appointments")) : [];
    if (profiled.length) log('  profiling:');
    const profile = await runProfile(databaseUrl, profiled.map((c) => ({ name: c.name, target: c.api })), opts.seconds, log);
    // Requests autocannon gave up on may still be creating visits: let them finish first.
    await settle(db);
    await removeCreated();
    await db.end();
    return { rows: out, costs, profile };
  } finally {
    api.kill('SIGTERM');
    bare.kill('SIGTERM');
    for (const server of withoutServers) server.kill('SIGTERM');
  }
}

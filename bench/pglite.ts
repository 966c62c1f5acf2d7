// The same API calls on the embedded database (issue 20): the bench's small data (5 clinics x 500
// patients) in a PGlite data folder, the bundled server on it as `npm start` runs it, and the
// requests a second beside the PostgreSQL server's of the same run. PGlite runs in the server's
// own thread, one query at a time: more connections queue rather than share cores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { prepareDatabase } from '../src/server/start';
import { benchSubdomain, generate } from './generate';
import { postJson } from './http';
import { type Figure, type Target, measure, start, waitFor } from './load';

export interface PgliteRow {
  call: string;
  connections: number;
  pglite: Figure;
}

export async function runPglite(seconds: number, log: (s: string) => void): Promise<PgliteRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-pglite-'));
  const port = 3430;
  try {
    const { db } = await prepareDatabase({ dataDir, seedDemo: 'always' }, { info: () => undefined });
    await generate(db, { clinics: 5, patients: 500 }, false, (s) => log(`  ${s}`));
    const { rows } = await sql<{ tenant: number; patient: number; prefix: string; phone: string }>`
      select t.id as tenant, p.id as patient, split_part(p.name, ' ', 1) as prefix, right(p.phone, 7) as phone
      from tenants t join patients p on p.tenant_id = t.id where t.subdomain = ${benchSubdomain(1)} order by p.id limit 2`.execute(db.kysely);
    // A patient with a visit on record, as on PostgreSQL.
    const { rows: visited } = await sql<{ patient_id: number }>`select v.patient_id from visitings v join tenants t on t.id = v.tenant_id
      where t.subdomain = ${benchSubdomain(1)} order by v.patient_id limit 1`.execute(db.kysely);
    const seen = Number(visited[0]?.patient_id ?? rows[0].patient);
    await db.close();
    const server = start('dist/server/main.js', { DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', CLIENT_DIR: '/nonexistent', JOB_INTERVAL_MINUTES: '100000' });
    try {
      const base = `http://127.0.0.1:${port}/api/v1`;
      await waitFor(`${base}/tenant-check`);
      const host = `${benchSubdomain(1)}.localhost`;
      const login = await postJson<{ token: string }>(`${base}/auth/tenant/login`, host, { username: 'doctor', password: 'demo-pass-1234' });
      const clinic = { host, authorization: `Bearer ${login.json.token}` };
      const [first, second] = rows;
      const visit = JSON.stringify({ patient_id: Number(second.patient), chief_complaint: 'Benchmark visit', fee: 20000, payment: 20000 });
      const calls: { name: string; target: Target }[] = [
        { name: 'patient search, name prefix', target: { method: 'GET', path: `/patients?q=${first.prefix.slice(0, 3)}`, headers: clinic } },
        { name: 'patient search, phone', target: { method: 'GET', path: `/patients?q=${first.phone}`, headers: clinic } },
        { name: "a patient's visits", target: { method: 'GET', path: `/visitings?filter[patient_id]=${seen}`, headers: clinic } },
        { name: 'create a visit', target: { method: 'POST', path: '/visitings', headers: clinic, body: visit } },
      ];
      const out: PgliteRow[] = [];
      for (const call of calls) {
        for (const connections of [1, 16]) {
          const figure = await measure(base, call.target, connections, seconds);
          log(`  embedded, ${call.name} @${connections}: ${figure.rps} req/s p99 ${figure.p99} ms`);
          out.push({ call: call.name, connections, pglite: figure });
        }
      }
      return out;
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

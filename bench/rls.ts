// What row-level security costs (issue 20): the same query, in the same transaction shape, run as
// the app role (the clinic's policy applies: migration 029) and as the owner (no policy), against
// the bench's first clinic. Closed loop, alternating rounds, the median of each side.
import pg from 'pg';
import { benchSubdomain } from './generate';

export interface RlsRow {
  query: string;
  connections: number;
  app: number;
  owner: number;
  /** Share of transactions per second the policy costs (0.05: 5% fewer). */
  cost: number;
}

const ROUNDS = 3;

/** Transactions a second with `clients` connections each running `once` in a loop for `seconds`. */
async function loop(pool: pg.Pool, clients: number, seconds: number, once: (c: pg.PoolClient) => Promise<void>): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = await pool.connect();
      try {
        while (Date.now() < end) {
          await once(c);
          done++;
        }
      } finally {
        c.release();
      }
    }),
  );
  return Math.round(done / seconds);
}

export async function runRlsCost(databaseUrl: string, seconds: number, log: (s: string) => void): Promise<RlsRow[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  try {
    const { rows } = await pool.query(
      `select t.id as tenant, split_part(p.name, ' ', 1) as prefix,
         (select v.patient_id from visitings v where v.tenant_id = t.id order by v.patient_id limit 1) as patient
       from tenants t join patients p on p.tenant_id = t.id where t.subdomain = $1 order by p.id limit 1`,
      [benchSubdomain(1)],
    );
    const tenant = Number(rows[0].tenant);
    // The clinic is set by the same call the app makes; only the role differs between the sides.
    const settings = (asApp: boolean) =>
      `begin; select ${asApp ? "set_config('role', 'clinic_app', true), " : ''}set_config('app.tenant_id', '${tenant}', true)`;
    const queries = [
      { name: 'patient search, name prefix', text: 'select * from patients where tenant_id = $1 and name ilike $2 order by id desc limit 25', values: [tenant, `${String(rows[0].prefix).slice(0, 3)}%`] },
      { name: "a patient's visits", text: 'select * from visitings where tenant_id = $1 and patient_id = $2 order by date desc nulls last, id desc limit 25', values: [tenant, Number(rows[0].patient)] },
    ];
    const out: RlsRow[] = [];
    for (const q of queries) {
      for (const connections of [1, 16]) {
        const side = (asApp: boolean) =>
          loop(pool, connections, seconds, async (c) => {
            await c.query(settings(asApp));
            await c.query({ text: q.text, values: q.values });
            await c.query('commit');
          });
        const app: number[] = [];
        const owner: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          app.push(await side(true));
          owner.push(await side(false));
        }
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        const row = { query: q.name, connections, app: median(app), owner: median(owner), cost: 0 };
        row.cost = row.owner ? Math.round((1 - row.app / row.owner) * 100) / 100 : 0;
        log(`  row-level security, ${q.name} @${connections}: ${row.app} tx/s as the app role, ${row.owner} as the owner (${Math.round(row.cost * 100)}%)`);
        out.push(row);
      }
    }
    return out;
  } finally {
    await pool.end();
  }
}

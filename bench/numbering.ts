// `npx tsx bench/numbering.ts`: what a clinic's own count (a `sequence` field, migration 043) costs
// an insert. Two scratch tables alike but for the numbering trigger take the same inserts, one
// transaction each, from 1 and 16 connections, all into one clinic (every insert waits on the one
// counter row: the worst case) and spread over 16 clinics; alternating rounds, the median of three.
//   DATABASE_URL   PostgreSQL to use (default: the local server's clinic_bench database, made by
//                  `npm run bench`)
//   BENCH_SECONDS  seconds per measurement (default 3)
import pg from 'pg';
import { prepareDatabase } from '../src/server/start';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/clinic_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 3);

const { db } = await prepareDatabase({ databaseUrl, dataDir: 'unused', seedDemo: 'never' });
await db.close();

const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
await pool.query(`drop table if exists bench_plain, bench_numbered`);
await pool.query(`create table bench_plain (tenant_id bigint not null, id bigint generated always as identity, file_number bigint, name text not null,
  primary key (tenant_id, id), unique (tenant_id, file_number))`);
await pool.query(`create table bench_numbered (like bench_plain including all)`);
await pool.query(`create trigger bench_numbered_file_number before insert on bench_numbered for each row execute function number_record('file_number')`);
const tag = Date.now().toString(36);
const clinics: number[] = [];
for (let i = 0; i < 16; i++) {
  const { rows } = await pool.query<{ id: string }>(`insert into tenants (name, subdomain, username) values ($1, $1, 'bench') returning id`, [`numbering${tag}${i}`]);
  clinics.push(Number(rows[0].id));
}

/** Inserts a second over `seconds`, from `connections` loops each doing one insert at a time. */
async function measure(table: string, connections: number, spread: boolean): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      const tenant = spread ? clinics[loop % clinics.length] : clinics[0];
      while (Date.now() < end) {
        await pool.query(`insert into ${table} (tenant_id, name) values ($1, 'Bench patient')`, [tenant]);
        done++;
      }
    }),
  );
  return Math.round(done / seconds);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
console.log('| inserts into | conns | without numbering /s | with numbering /s | cost |');
console.log('|---|---|---|---|---|');
for (const [connections, spread] of [[1, false], [16, false], [16, true]] as const) {
  const without: number[] = [];
  const withIt: number[] = [];
  for (let round = 0; round < 3; round++) {
    without.push(await measure('bench_plain', connections, spread));
    withIt.push(await measure('bench_numbered', connections, spread));
  }
  const [a, b] = [median(without), median(withIt)];
  console.log(`| ${spread ? '16 clinics' : 'one clinic'} | ${connections} | ${a} | ${b} | ${Math.round((1 - b / a) * 100)}% |`);
}

await pool.query(`drop table bench_plain, bench_numbered`);
await pool.query(`delete from tenants where subdomain like $1`, [`numbering${tag}%`]);
await pool.end();

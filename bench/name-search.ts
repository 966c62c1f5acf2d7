// What finding a name however it was typed costs (issue 32): the patient search function on one
// clinic of N patients with Kurdish and Arabic names, three ways in one run, alternating rounds:
//   plain  - the folded key alone, no ranking (the shape of the search before the loose key)
//   folded - the folded key, ranked (file number, folded) as the API asks
//   loose  - the folded and the loose key, ranked (what the API runs for an Arabic-script query)
// and the cost on writes: inserting patients with the two generated keys beside a copy of the table
// without them. Usage: npx tsx bench/name-search.ts  (DATABASE_URL: a PostgreSQL server to make a
// scratch database on; default the local one; BENCH_PATIENTS, default 100000).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { foldedPattern, loosePattern } from '../src/shared/fold';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const ROUNDS = 5;
const PER_ROUND = 40;

const FIRST = ['هاوڕێ', 'ئەحمەد', 'محمد', 'عەلی', 'کاروان', 'ڕێبوار', 'شیلان', 'نازدار', 'ئاڤین', 'فاطمة', 'زینب', 'حسین', 'یوسف', 'دڵشاد', 'بەهار', 'عمر'];
const LAST = ['عەبدوڵڵا', 'عبدالله', 'ڕەسوڵ', 'صالح', 'کەریم', 'عزیز', 'حەمەد', 'قادر', 'عوسمان', 'مصطفى', 'جەلال', 'حسن', 'فەرەج', 'ئەمین'];
const QUERIES = ['عبدالله', 'هاوري', 'احمد', 'کریم عزیز', 'یوسف', 'رسول'];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const name = `bench_names_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    await migrate(db);
    const tenant = (await pool.query(`insert into tenants (name, subdomain, username, status) values ('Bench', 'bench-names', 'bench', 0) returning id`)).rows[0].id as number;
    const pick = (list: string[], i: number) => list[(i * 7919) % list.length];
    const names = Array.from({ length: PATIENTS }, (_, i) => `${pick(FIRST, i)} ${pick(LAST, i + 3)} ${pick(FIRST, i + 5)}`);

    const insert = async (rows: string[]): Promise<number> => {
      const started = performance.now();
      for (let i = 0; i < rows.length; i += 1000) {
        await pool.query(`insert into patients (tenant_id, name, gender) select $1, n, 0 from unnest($2::text[]) as n`, [tenant, rows.slice(i, i + 1000)]);
      }
      return performance.now() - started;
    };
    await insert(names);
    await pool.query('analyze patients');

    const shapes = {
      plain: (q: string) => ({ text: 'select id from patients_search($1, null, null, null) order by created_at desc, id desc limit 25', values: [foldedPattern(q)] }),
      folded: (q: string) => ({ text: 'select id from patients_search($1, null, null, null) as patients order by (search_text ilike $1) desc, created_at desc, id desc limit 25', values: [foldedPattern(q)] }),
      loose: (q: string) => ({ text: 'select id from patients_search($1, $2, null, null) as patients order by (search_text ilike $1) desc, created_at desc, id desc limit 25', values: [foldedPattern(q), loosePattern(q)] }),
    };
    const times: Record<keyof typeof shapes, number[]> = { plain: [], folded: [], loose: [] };
    const found: Record<string, number> = {};
    const c = await pool.connect();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const shape of Object.keys(shapes) as (keyof typeof shapes)[]) {
          for (let i = 0; i < PER_ROUND; i++) {
            const q = QUERIES[i % QUERIES.length];
            const { text, values } = shapes[shape](q);
            await c.query(`begin; select set_config('role', 'clinic_app', true), set_config('app.tenant_id', '${tenant}', true)`);
            const started = performance.now();
            const res = await c.query(text, values);
            times[shape].push(performance.now() - started);
            await c.query('commit');
            found[`${shape} ${q}`] = res.rowCount ?? 0;
          }
        }
      }
    } finally {
      c.release();
    }
    console.log(`search on one clinic of ${PATIENTS} patients, median of ${ROUNDS * PER_ROUND} queries (${QUERIES.join(', ')}):`);
    for (const shape of Object.keys(times) as (keyof typeof shapes)[]) {
      console.log(`  ${shape.padEnd(7)} ${median(times[shape]).toFixed(2)} ms  (${(median(times[shape]) / median(times.plain)).toFixed(2)}x plain)`);
    }
    for (const q of QUERIES) console.log(`  "${q}": ${found[`plain ${q}`]} rows folded, ${found[`loose ${q}`]} with the loose key (page of 25)`);

    // Writes: half as many again into the same table with its two keys, then (those removed) without them.
    const more = names.slice(0, Math.floor(PATIENTS / 2));
    const keyedMs = await insert(more);
    await pool.query(`delete from patients where id > (select max(id) from patients) - ${more.length}`);
    await pool.query('alter table patients drop column search_text, drop column search_loose');
    const plainMs = await insert(more);
    console.log(`writes: ${more.length} patients into ${PATIENTS} in ${Math.round(keyedMs)} ms with the two keys and their indexes, ${Math.round(plainMs)} ms without (${(keyedMs / plainMs).toFixed(2)}x)`);
  } finally {
    await pool.end();
    await db.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

void main();

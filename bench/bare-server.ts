// "The limit": the same SQL the API runs for each benchmarked call, behind a minimal Fastify
// route with a bare `pg` pool: no sessions, tenancy, validation, access checks or transactions.
// The API's figures divided by these show what the engine costs on top of the database.
import Fastify from 'fastify';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
const app = Fastify({ logger: false });
const PATIENT_COLUMNS = 'id, created_at, updated_at, name, gender, date_of_birth, phone, national_id, blood_group, address, occupation, emergency_contact, notes';

type Q = Record<string, string>;

/** The page and its total in one query, as the API does. */
async function page(sql: string, params: unknown[]) {
  const { rows } = await pool.query(sql.replace(' from ', ', count(*) over ()::int as __total from '), params);
  return { data: rows, meta: { total: rows[0]?.__total ?? 0 } };
}

app.get('/patients', async (req) => {
  const { tenant, q } = req.query as Q;
  // The search text the API's search function reads, straight from its index (no RLS here).
  const where = `tenant_id = $1 and search_text ilike $2`;
  return page(`select ${PATIENT_COLUMNS} from patients where ${where} order by created_at desc nulls last, id desc limit 25`, [tenant, `%${q.toLowerCase()}%`]);
});

app.get('/appointments', async (req) => {
  const { tenant, date } = req.query as Q;
  const where = 'tenant_id = $1 and date = $2';
  return page(`select * from appointments where ${where} order by time asc nulls last, id desc limit 50`, [tenant, date]);
});

app.get('/visitings', async (req) => {
  const { tenant, patient } = req.query as Q;
  const where = 'tenant_id = $1 and patient_id = $2';
  return page(`select * from visitings where ${where} order by date desc nulls last, id desc limit 25`, [tenant, patient]);
});

app.post('/visitings', async (req, reply) => {
  const { tenant, patient } = req.query as Q;
  const body = req.body as { chief_complaint: string; fee: number; payment: number };
  // The visit, its payment (numbered by its trigger) and the payment's income: what the API writes.
  const { rows } = await pool.query(
    `with v as (insert into visitings (tenant_id, patient_id, date, chief_complaint, fee, paid_amount) values ($1, $2, current_date, $3, $4, $5) returning *),
       p as (insert into payments (tenant_id, patient_id, amount, date, visiting_id) select tenant_id, patient_id, $5, current_date, id from v returning id, visiting_id)
     , i as (insert into incomes (tenant_id, amount, date, source, patient_id, visiting_id, payment_id) select $1, $5, current_date, 1, $2, visiting_id, id from p)
     select * from v`,
    [tenant, patient, body.chief_complaint, body.fee, body.payment],
  );
  return reply.status(201).send({ data: rows[0] });
});

app.get('/accounting', async (req) => {
  const { tenant, year } = req.query as Q;
  const from = `${year}-01-01`;
  const to = `${Number(year) + 1}-01-01`;
  const per = (table: string) =>
    pool.query(`select extract(month from date)::int as month, sum(amount)::numeric(14,2) as total from ${table} where tenant_id = $1 and date >= $2 and date < $3 group by 1`, [tenant, from, to]);
  const [incomes, expenses] = await Promise.all([per('incomes'), per('expenses')]);
  return { data: { incomes: incomes.rows, expenses: expenses.rows } };
});

app.get('/dashboard', async () => {
  const queries = [
    'select gender as key, count(*)::int as count from tenants group by 1 order by 1',
    'select status as key, count(*)::int as count from tenants group by 1 order by 1',
    'select c.id as key, c.name_en as label_en, count(*)::int as count from tenants t left join cities c on c.id = t.city_id group by 1, 2 order by count desc',
    'select p.id as key, p.type_en as label_en, count(*)::int as count from tenants t left join plans p on p.id = t.plan_id group by 1, 2 order by count desc',
    'select e.id as key, e.name_en as label_en, count(*)::int as count from tenants t left join educations e on e.id = t.education_id group by 1, 2 order by count desc',
    "select case when date_of_birth is null then 'unknown' when age(date_of_birth) < interval '30 years' then 'under30' when age(date_of_birth) < interval '40 years' then '30to39' when age(date_of_birth) < interval '50 years' then '40to49' when age(date_of_birth) < interval '60 years' then '50to59' else '60plus' end as key, count(*)::int as count from tenants group by 1 order by 1",
    "select to_char(date_trunc('month', created_at), 'YYYY-MM') as month, count(*)::int as count from tenants where created_at >= now() - interval '1 year' group by 1 order by 1",
    'select (select count(*) from tenants)::int as doctors, (select count(*) from tenant_users)::int as users, (select count(*) from patients)::int as patients, (select count(*) from visitings)::int as visits',
  ];
  const results = await Promise.all(queries.map((q) => pool.query(q)));
  return { data: results.map((r) => r.rows) };
});

await app.listen({ port: Number(process.env.PORT ?? 3401), host: '127.0.0.1' });

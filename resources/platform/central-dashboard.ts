// The central dashboard: doctors by gender, status, city, plan, education and age band,
// registrations by month, and platform-wide counts, each from one aggregate query.
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { ROLE_GROUPS } from '../../src/shared/roles';
import { PLATFORM_TIME_ZONE, dayOf, localDay } from '../../src/server/days';
import { anyObject, arr, dataAnswer, int, obj, str } from '../../src/server/http/answers';

// Counting every clinic's staff, patients, visits and files reads millions of rows; a dashboard can
// show those totals up to a minute old. The figures about doctors are always current.
const TOTALS_TTL_MS = 60_000;

interface Totals {
  users: number;
  patients: number;
  visits: number;
  /** Clinics' uploaded files, in MB. */
  storage_mb: number;
  /** The legal module's cases (lawsuits and executions) and the public laws. */
  cases: number;
  laws: number;
}

export function registerCentralDashboard(app: FastifyInstance, db: Kysely<Database>): void {
  let totals: { at: number; value: Promise<Totals> } | null = null;
  let refreshing: Promise<Totals> | null = null;
  const count = () =>
    sql<Totals>`
      select (select count(*) from tenant_users)::int as users,
             (select count(*) from patients)::int as patients,
             (select count(*) from visitings)::int as visits,
             ((select count(*) from lawsuits) + (select count(*) from executions))::int as cases,
             (select count(*) from laws)::int as laws,
             (select round(coalesce(sum(size), 0) / 1048576.0, 1) from uploads where scope = 'tenant')::float8 as storage_mb`
      .execute(db)
      .then((r) => r.rows[0]);
  // Concurrent requests share one count. Once the totals are stale they are still answered while a
  // fresh count runs on its own connection, so only the very first request waits for it; a failed
  // count is not kept.
  const platformTotals = (): Promise<Totals> => {
    if (!totals) {
      const value = count();
      totals = { at: Date.now(), value };
      value.catch(() => (totals = null));
      return value;
    }
    if (Date.now() - totals.at > TOTALS_TTL_MS && !refreshing) {
      refreshing = count();
      refreshing
        .then((value) => (totals = { at: Date.now(), value: Promise.resolve(value) }))
        .catch((err: unknown) => app.log.warn({ err }, 'platform totals not refreshed'))
        .finally(() => (refreshing = null));
    }
    return totals.value;
  };
  const counted = arr(obj({ key: {}, count: int }, ['count']));
  const answer = dataAnswer(
    obj({ counts: anyObject, gender: counted, status: counted, city: counted, plan: counted, education: counted, age: counted, registrations: arr(obj({ month: str, count: int })) }),
  );
  app.get('/dashboard', { config: { scope: 'central', access: { roles: ROLE_GROUPS.MANAGERS } }, schema: { tags: ['dashboard'], summary: 'Figures and charts of the central dashboard', response: { 200: answer } } }, async (request) => {
    // The platform's day, not the server machine's (after 21:00 UTC it is already tomorrow in Erbil).
    const today = dayOf(request.data.now());
    const since = localDay(request.data.now()).startOf('month').subtract(11, 'month').format('YYYY-MM-DD');
    // Before the transaction: the embedded database has one connection, which it would hold.
    const platform = await platformTotals();
    return request.data.transaction(async (trx) => {
      const [gender, status, city, plan, education, age, months, counts] = await Promise.all([
        sql<{ key: number | null; count: number }>`select gender as key, count(*)::int as count from tenants group by 1 order by 1`.execute(trx),
        sql<{ key: number; count: number }>`select status as key, count(*)::int as count from tenants group by 1 order by 1`.execute(trx),
        sql`select c.id as key, c.name_en as label_en, c.name_ar as label_ar, c.name_ckb as label_ckb, count(*)::int as count
            from tenants t left join cities c on c.id = t.city_id group by 1, 2, 3, 4 order by count desc`.execute(trx),
        sql`select p.id as key, p.type_en as label_en, p.type_ar as label_ar, p.type_ckb as label_ckb, count(*)::int as count
            from tenants t left join plans p on p.id = t.plan_id group by 1, 2, 3, 4 order by count desc`.execute(trx),
        sql`select e.id as key, e.name_en as label_en, e.name_ar as label_ar, e.name_ckb as label_ckb, count(*)::int as count
            from tenants t left join educations e on e.id = t.education_id group by 1, 2, 3, 4 order by count desc`.execute(trx),
        sql<{ key: string; count: number }>`
          select case when date_of_birth is null then 'unknown'
                      when age(${today}::date, date_of_birth) < interval '30 years' then 'under30'
                      when age(${today}::date, date_of_birth) < interval '40 years' then '30to39'
                      when age(${today}::date, date_of_birth) < interval '50 years' then '40to49'
                      when age(${today}::date, date_of_birth) < interval '60 years' then '50to59'
                      else '60plus' end as key, count(*)::int as count
          from tenants group by 1 order by 1`.execute(trx),
        // Months of the platform's calendar, not the database session's (UTC): a clinic registered
        // at 22:00 UTC on a month's last day registered on the next month's first day in Erbil.
        sql<{ month: string; count: number }>`
          select to_char(date_trunc('month', created_at at time zone ${PLATFORM_TIME_ZONE}), 'YYYY-MM') as month, count(*)::int as count
          from tenants where created_at >= (${since}::timestamp at time zone ${PLATFORM_TIME_ZONE}) group by 1 order by 1`.execute(trx),
        sql<{ doctors: number; active: number }>`
          select count(*)::int as doctors, (count(*) filter (where status = 0))::int as active from tenants`.execute(trx),
      ]);
      const byMonth = new Map(months.rows.map((r) => [r.month, r.count]));
      const registrations = Array.from({ length: 12 }, (_, i) => {
        const month = dayjs(since).add(i, 'month').format('YYYY-MM');
        return { month, count: byMonth.get(month) ?? 0 };
      });
      return {
        data: {
          counts: { ...counts.rows[0], ...platform },
          gender: gender.rows,
          status: status.rows,
          city: city.rows,
          plan: plan.rows,
          education: education.rows,
          age: age.rows,
          registrations,
        },
      };
    });
  });
}

// Clinic endpoints that are not one resource: the data the app loads at start (services,
// agreements), the accounting result by month, and the dashboard figures.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { badQuery } from '../../src/server/http/errors';
import { TENANT_ROLE } from '../../src/shared/roles';
import { localDay } from '../../src/server/days';
import { anyObject, arr, dataAnswer, int, nullable, num, obj, str } from '../../src/server/http/answers';

const YEAR = /^\d{4}$/;

const sums = { incomes: num, expenses: num, profit: num };
const accountingAnswer = dataAnswer(obj({ year: int, months: arr(obj({ month: int, ...sums })), totals: obj(sums) }));
const dashboardAnswer = dataAnswer(
  obj({ counts: obj({ patients: nullable(int), appointments_today: nullable(int), tasks_open: int }), today: { type: 'object', additionalProperties: int }, month: nullable(anyObject) }),
);

export function registerClinicDataRoutes(app: FastifyInstance): void {
  // Each handler reaches the database only through request.data's transactions: a kept session is
  // confirmed in the first one's BEGIN (no round trip of its own).
  const tenant = { scope: 'tenant', confirmsInTransaction: true } as const;

  app.get('/dashboard/services', { config: tenant, schema: { tags: ['clinic'], summary: "The clinic's locations and links", response: { 200: obj({ locations: arr(anyObject), links: arr(anyObject) }) } } }, async (request) =>
    request.data.transaction(async (trx) => {
      const [locations, links] = await Promise.all([
        sql`select id, name, address, phone, map_url, working_hours from tenant_locations where tenant_id = ${request.tenant!.id} order by name`.execute(trx),
        sql`select id, title, url, kind from tenant_links where tenant_id = ${request.tenant!.id} order by title`.execute(trx),
      ]);
      return { locations: locations.rows, links: links.rows };
    }),
  );

  // Every staff member books for a doctor, even without the right to manage staff: names only.
  app.get('/dashboard/doctors', { config: tenant, schema: { tags: ['clinic'], summary: "The clinic's active doctors (Main Doctor first), to book appointments with", response: { 200: obj({ doctors: arr(obj({ id: int, name: str, role: int })) }) } } }, async (request) => {
    const { rows } = await request.data.transaction((trx) =>
      sql`select id, name, role from tenant_users where tenant_id = ${request.tenant!.id} and role in (${TENANT_ROLE.mainDoctor}, ${TENANT_ROLE.doctor}) and is_active order by role, name`.execute(trx),
    );
    return { doctors: rows };
  });

  app.get('/central/aggrements', { config: tenant, schema: { tags: ['clinic'], summary: "The platform's agreements, for clinic staff", response: { 200: obj({ aggrements: arr(anyObject) }) } } }, async (request) => {
    const { rows } = await request.data.transaction((trx) =>
      sql`select id, position, title_en, title_ar, title_ckb, body_en, body_ar, body_ckb from agreements order by position, id`.execute(trx),
    );
    return { aggrements: rows };
  });

  app.get(
    '/accounting',
    {
      config: { ...tenant, access: { permission: 'accounting', action: 'read' } },
      schema: { tags: ['accounting'], summary: 'Incomes, expenses and profit by month of a year', querystring: { type: 'object', additionalProperties: false, properties: { year: { type: 'string', description: 'YYYY (default: this year)' } } }, response: { 200: accountingAnswer } },
    },
    async (request) => {
    const raw = (request.query as { year?: string }).year ?? String(localDay(request.data.now()).year());
    if (!YEAR.test(raw)) throw badQuery({ year: [{ key: 'validation.integer' }] });
    const year = Number(raw);
    const from = `${year}-01-01`;
    const to = `${year + 1}-01-01`;
    const tenantId = request.tenant!.id;
    const perMonth = (table: 'incomes' | 'expenses') =>
      sql<{ month: number; total: number }>`
        select extract(month from date)::int as month, sum(amount)::numeric(14,2) as total
        from ${sql.table(table)} where tenant_id = ${tenantId} and date >= ${from} and date < ${to}
        group by 1`;
    const [incomes, expenses] = await request.data.transaction((trx) => Promise.all([perMonth('incomes').execute(trx), perMonth('expenses').execute(trx)]));
    const sumOf = (rows: { month: number; total: number }[], month: number) => Number(rows.find((r) => r.month === month)?.total ?? 0);
    const months = Array.from({ length: 12 }, (_, i) => {
      const income = sumOf(incomes.rows, i + 1);
      const expense = sumOf(expenses.rows, i + 1);
      return { month: i + 1, incomes: income, expenses: expense, profit: round(income - expense) };
    });
    const totals = months.reduce((acc, m) => ({ incomes: round(acc.incomes + m.incomes), expenses: round(acc.expenses + m.expenses), profit: 0 }), { incomes: 0, expenses: 0, profit: 0 });
    totals.profit = round(totals.incomes - totals.expenses);
    return { data: { year, months, totals } };
    },
  );

  app.get('/basedashboard', { config: tenant, schema: { tags: ['clinic'], summary: "Today's appointments and queue, counts, this month's money", response: { 200: dashboardAnswer } } }, async (request) => {
    const tenantId = request.tenant!.id;
    const day = localDay(request.data.now());
    const today = day.format('YYYY-MM-DD');
    const monthStart = day.startOf('month').format('YYYY-MM-DD');
    const nextMonth = day.startOf('month').add(1, 'month').format('YYYY-MM-DD');
    return request.data.transaction(async (trx) => {
      const counts = await sql<{ patients: number; appointments_today: number; tasks_open: number }>`
        select (select count(*) from patients where tenant_id = ${tenantId})::int as patients,
               (select count(*) from appointments where tenant_id = ${tenantId} and date = ${today})::int as appointments_today,
               (select count(*) from tasks where tenant_id = ${tenantId} and not is_done)::int as tasks_open`.execute(trx);
      const byStatus = await sql<{ status: number; n: number }>`
        select status, count(*)::int as n from appointments where tenant_id = ${tenantId} and date = ${today} group by status`.execute(trx);
      const money = await sql<{ incomes: number; expenses: number }>`
        select coalesce((select sum(amount) from incomes where tenant_id = ${tenantId} and date >= ${monthStart} and date < ${nextMonth}), 0)::numeric(14,2) as incomes,
               coalesce((select sum(amount) from expenses where tenant_id = ${tenantId} and date >= ${monthStart} and date < ${nextMonth}), 0)::numeric(14,2) as expenses`.execute(trx);
      // Each figure only for those who may read what it counts (null otherwise).
      const may = (permission: string) => request.data.allows({ permission, action: 'read' });
      const c = counts.rows[0];
      return {
        data: {
          counts: {
            patients: may('patients') ? c.patients : null,
            appointments_today: may('appointments') ? c.appointments_today : null,
            tasks_open: c.tasks_open,
          },
          today: may('appointments') ? Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n])) : {},
          month: may('accounting') ? money.rows[0] : null,
        },
      };
    });
  });
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

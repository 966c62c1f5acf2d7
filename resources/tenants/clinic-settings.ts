// The clinic's settings screens: its invoices (any staff member), and for the Main Doctor the
// plan usage against the plan's limits, the plan history and the doctor's professional record;
// the clinic's own settings (its currency), read by every staff member, changed by the Main Doctor.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { TENANT_ROLE } from '../../src/shared/roles';
import { dayOf } from '../../src/server/days';
import { anyObject, arr, dataAnswer, nullable, num, obj } from '../../src/server/http/answers';
import { CURRENCIES, type Currency } from '../../src/shared/money';

const clinicSettingsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['currency'],
  properties: { currency: { type: 'string', enum: [...CURRENCIES] } },
};

export function registerClinicSettingsRoutes(app: FastifyInstance): void {
  const config = { scope: 'tenant' } as const;
  const tags = ['clinic settings'];
  const mainDoctor = { ...config, access: { clinicRoles: [TENANT_ROLE.mainDoctor] } } as const;
  const used = (limit: string) => obj({ [`used${limit}`]: num, [`limit${limit}`]: num });
  const currency = dataAnswer(obj({ currency: { type: 'string', enum: [...CURRENCIES] } }));

  // The reads below reach the database only through request.data's transactions: a kept session is
  // confirmed in the first one's BEGIN (no round trip of its own).
  const reads = { ...config, confirmsInTransaction: true } as const;

  app.get('/settings/invoice', { config: reads, schema: { tags, summary: "The clinic's invoices and its subscription", response: { 200: obj({ data: arr(anyObject), subscription: nullable(anyObject) }) } } }, async (request) => {
    const tenantId = request.tenant!.id;
    return request.data.transaction(async (trx) => {
      const [invoices, subscription] = await Promise.all([
        sql`select i.id, i.year, i.number, i.kind, i.amount, to_char(i.issued_on, 'YYYY-MM-DD') as issued_on, to_char(i.due_on, 'YYYY-MM-DD') as due_on, i.is_paid, i.paid_at,
                   p.type_en as plan_en, p.type_ar as plan_ar, p.type_ckb as plan_ckb
            from invoices i left join plans p on p.id = i.plan_id where i.tenant_id = ${tenantId} order by i.issued_on desc, i.id desc`.execute(trx),
        sql`select to_char(t.subscription_start, 'YYYY-MM-DD') as start, to_char(t.subscription_end, 'YYYY-MM-DD') as end,
                   greatest(0, t.subscription_end - ${dayOf(request.data.now())}::date) as remaining_days,
                   p.type_en as plan_en, p.type_ar as plan_ar, p.type_ckb as plan_ckb
            from tenants t left join plans p on p.id = t.plan_id where t.id = ${tenantId}`.execute(trx),
      ]);
      return { data: invoices.rows, subscription: subscription.rows[0] };
    });
  });

  // Every staff member's screens show money in it, so any logged-in user of the clinic reads it.
  app.get('/settings/clinic', { config: reads, schema: { tags, summary: "The clinic's settings: the currency its amounts are shown in", response: { 200: currency } } }, async (request) => {
    const tenantId = request.tenant!.id;
    const { rows } = await request.data.transaction((trx) => sql<{ currency: Currency }>`select currency from tenants where id = ${tenantId}`.execute(trx));
    return { data: { currency: rows[0]?.currency ?? 'IQD' } };
  });

  app.put('/settings/clinic', { config: mainDoctor, schema: { tags, summary: "Change the clinic's currency (Main Doctor); amounts are not converted", body: clinicSettingsBody, response: { 200: currency } } }, async (request) => {
    const body = request.body as { currency: Currency };
    const tenantId = request.tenant!.id;
    await request.data.transaction(async (trx) => {
      await sql`update tenants set currency = ${body.currency}, updated_at = now() where id = ${tenantId}`.execute(trx);
      await request.data.audit(trx, { action: 'update', resource: 'settings', fields: ['currency'] });
    });
    return { data: { currency: body.currency } };
  });

  app.get('/settings/usages', { config: mainDoctor, schema: { tags, summary: "Use of the plan's limits (Main Doctor)", response: { 200: dataAnswer(obj({ users: used(''), visits: used(''), storage: used('_bytes') })) } } }, async (request) => {
    const tenantId = request.tenant!.id;
    const { rows } = await request.data.transaction((trx) =>
      sql<{ users: number; max_users: number; visits: number; max_visitings: number; max_storage_gb: number; storage: number }>`
        select (select coalesce(sum(size), 0) from uploads where tenant_id = ${tenantId})::bigint as storage,
               (select count(*) from tenant_users where tenant_id = ${tenantId} and role <> 0)::int as users, p.max_users,
               (select count(*) from visitings v where v.tenant_id = ${tenantId}
                  and v.created_at >= coalesce(t.subscription_start, '-infinity'::date)
                  and v.created_at < coalesce(t.subscription_end + 1, 'infinity'::date))::int as visits,
               p.max_visitings, p.max_storage_gb
        from tenants t join plans p on p.id = t.plan_id where t.id = ${tenantId}`.execute(trx),
    );
    const u = rows[0];
    return {
      data: {
        users: { used: u?.users ?? 0, limit: u?.max_users ?? 0 },
        visits: { used: u?.visits ?? 0, limit: u?.max_visitings ?? 0 },
        storage: { used_bytes: Number(u?.storage ?? 0), limit_bytes: (u?.max_storage_gb ?? 0) * 1024 ** 3 },
      },
    };
  });

  // The doctor's record as the platform keeps it (changes go through the platform's staff).
  app.get('/settings/professional', { config: mainDoctor, schema: { tags, summary: "The Main Doctor's professional record (read only)", response: { 200: dataAnswer(anyObject) } } }, async (request) => {
    const { rows } = await request.data.transaction((trx) =>
      sql`select t.name, t.gender, to_char(t.date_of_birth, 'YYYY-MM-DD') as date_of_birth, t.experience_years, t.skill, t.region, t.address,
                 t.subdomain, t.domain, t.owner_name,
                 e.name_en as education_en, e.name_ar as education_ar, e.name_ckb as education_ckb,
                 c.name_en as city_en, c.name_ar as city_ar, c.name_ckb as city_ckb
          from tenants t left join educations e on e.id = t.education_id left join cities c on c.id = t.city_id
          where t.id = ${request.tenant!.id}`.execute(trx),
    );
    return { data: rows[0] };
  });

  app.get('/settings/plan-histories', { config: mainDoctor, schema: { tags, summary: "The clinic's plan history (Main Doctor)", response: { 200: dataAnswer(arr(anyObject)) } } }, async (request) => {
    const { rows } = await request.data.transaction((trx) =>
      sql`select h.id, h.action, to_char(h.starts_on, 'YYYY-MM-DD') as starts_on, to_char(h.ends_on, 'YYYY-MM-DD') as ends_on, h.created_at,
                 p.type_en as plan_en, p.type_ar as plan_ar, p.type_ckb as plan_ckb
          from plan_histories h left join plans p on p.id = h.plan_id where h.tenant_id = ${request.tenant!.id}
          order by h.created_at desc, h.id desc`.execute(trx),
    );
    return { data: rows };
  });
}

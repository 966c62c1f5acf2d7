// A declared plan quota (`quota` on a declaration): the clinic's plan caps how many records of the
// resource it keeps (lawsuits under max_cases). Checked after the insert, as the create's last
// step, under a per-clinic lock, so two creates racing for the last place cannot both get it; the
// count is its own statement, so it sees every create committed while it waited.
import { sql } from 'kysely';
import type { ResourceDef } from '../../shared/resource';
import { invalidField } from '../http/errors';
import type { HookContext } from './hooks';

export async function checkQuota(ctx: HookContext, def: ResourceDef): Promise<void> {
  const quota = def.quota;
  if (!quota || ctx.tenantId === null) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`plan:${def.name}:${ctx.tenantId}`}))`.execute(ctx.trx);
  const { rows } = await sql<{ max: number; n: number }>`
    select ${sql.ref(`p.${quota.plan}`)} as max,
           (select count(*)::int from ${sql.table(def.table)} r where r.tenant_id = t.id) as n
    from tenants t join plans p on p.id = t.plan_id where t.id = ${ctx.tenantId}`.execute(ctx.trx);
  const plan = rows[0];
  if (plan && plan.n > plan.max) throw invalidField(quota.field, quota.message, { limit: plan.max });
}

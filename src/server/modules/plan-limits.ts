// The clinic's plan limits, enforced when staff are added and visits recorded, so two requests
// racing for the last place cannot both get it. Staff: a transaction-scoped advisory lock for the
// clinic, then a count (its own statement, so it sees every transaction committed while waiting),
// with the plan in one round trip. Visits, far more frequent: a counter row (checkVisitLimit).
import { sql } from 'kysely';
import type { HookContext } from '../engine/hooks';
import { invalidField } from '../http/errors';

async function lockClinic(ctx: HookContext, what: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`plan:${what}:${ctx.tenantId}`}))`.execute(ctx.trx);
}

/** Staff accounts besides the Main Doctor may not exceed the plan's max users. */
export async function checkUserLimit(ctx: HookContext): Promise<void> {
  await lockClinic(ctx, 'users');
  const { rows } = await sql<{ max: number; n: number }>`
    select p.max_users as max,
           (select count(*)::int from tenant_users u where u.tenant_id = t.id and u.role <> 0) as n
    from tenants t join plans p on p.id = t.plan_id where t.id = ${ctx.tenantId}`.execute(ctx.trx);
  const plan = rows[0];
  if (plan && plan.n >= plan.max) throw invalidField('role', 'validation.planLimitUsers', { limit: plan.max });
}

/**
 * Visits recorded in the current subscription period may not exceed the plan's max visits. Runs
 * after the new visit is inserted, as the last step: the period's counter (migration 055) goes up
 * by one in one statement, and its row stays locked to the commit, so two visits racing for the
 * last place are ordered and the second is refused. A period's first visit makes its row from a
 * count (the only time visits are counted); two first visits at once meet on its key, and the
 * second adds one to what the first made.
 */
export async function checkVisitLimit(ctx: HookContext): Promise<void> {
  const period = sql`(select coalesce(subscription_start, '-infinity'::date) from tenants where id = ${ctx.tenantId})`;
  const max = sql`(select p.max_visitings from tenants t join plans p on p.id = t.plan_id where t.id = ${ctx.tenantId})`;
  let { rows } = await sql<{ max: number | null; n: number }>`update visit_counts set visits = visits + 1
    where tenant_id = ${ctx.tenantId} and period_start = ${period} returning visits as n, ${max} as max`.execute(ctx.trx);
  if (!rows[0]) {
    ({ rows } = await sql<{ max: number | null; n: number }>`insert into visit_counts (tenant_id, period_start, visits)
      select t.id, coalesce(t.subscription_start, '-infinity'::date),
        (select count(*)::int from visitings v where v.tenant_id = t.id
           and v.created_at >= coalesce(t.subscription_start, '-infinity'::date)
           and v.created_at < coalesce(t.subscription_end + 1, 'infinity'::date))
      from tenants t where t.id = ${ctx.tenantId}
      on conflict (tenant_id, period_start) do update set visits = visit_counts.visits + 1
      returning visits as n, ${max} as max`.execute(ctx.trx));
  }
  const plan = rows[0];
  if (plan && plan.max !== null && plan.n > plan.max) throw invalidField('date', 'validation.planLimitVisits', { limit: plan.max });
}

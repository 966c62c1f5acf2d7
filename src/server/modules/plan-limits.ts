// The clinic's plan limits, enforced when staff are added and visits recorded. Each check holds a
// transaction-scoped advisory lock for the clinic, so two requests racing for the last place
// cannot both get it.
import { sql } from 'kysely';
import type { HookContext } from '../engine/hooks';
import { invalidField } from '../http/errors';

interface Plan {
  max_users: number;
  max_visitings: number;
  subscription_start: string | null;
  subscription_end: string | null;
}

async function planOf(ctx: HookContext, what: string): Promise<Plan | undefined> {
  await sql`select pg_advisory_xact_lock(hashtext(${`plan:${what}:${ctx.tenantId}`}))`.execute(ctx.trx);
  const { rows } = await sql<Plan>`
    select p.max_users, p.max_visitings, to_char(t.subscription_start, 'YYYY-MM-DD') as subscription_start,
           to_char(t.subscription_end, 'YYYY-MM-DD') as subscription_end
    from tenants t join plans p on p.id = t.plan_id where t.id = ${ctx.tenantId}`.execute(ctx.trx);
  return rows[0];
}

/** Staff accounts besides the Main Doctor may not exceed the plan's max users. */
export async function checkUserLimit(ctx: HookContext): Promise<void> {
  const plan = await planOf(ctx, 'users');
  if (!plan) return;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from tenant_users where tenant_id = ${ctx.tenantId} and role <> 0`.execute(ctx.trx);
  if (rows[0].n >= plan.max_users) throw invalidField('role', 'validation.planLimitUsers', { limit: plan.max_users });
}

/**
 * Visits recorded in the current subscription period may not exceed the plan's max visits. Runs
 * after the new visit is inserted (it is counted), as the last step, so the clinic's lock is held
 * only from here to the commit.
 */
export async function checkVisitLimit(ctx: HookContext): Promise<void> {
  const plan = await planOf(ctx, 'visits');
  if (!plan) return;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from visitings where tenant_id = ${ctx.tenantId}
      and created_at >= coalesce(${plan.subscription_start}::date, '-infinity'::date)
      and created_at < coalesce(${plan.subscription_end}::date + 1, 'infinity'::date)`.execute(ctx.trx);
  if (rows[0].n > plan.max_visitings) throw invalidField('date', 'validation.planLimitVisits', { limit: plan.max_visitings });
}

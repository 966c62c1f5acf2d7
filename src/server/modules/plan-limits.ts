// The clinic's plan limits, enforced when staff are added and visits recorded. Each check holds a
// transaction-scoped advisory lock for the clinic, so two requests racing for the last place
// cannot both get it; the count runs after the lock is taken (its own statement, so it sees every
// transaction committed while waiting) and with the plan in one round trip, to hold it briefly.
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
 * after the new visit is inserted (it is counted), as the last step, so the clinic's lock is held
 * only from here to the commit.
 */
export async function checkVisitLimit(ctx: HookContext): Promise<void> {
  await lockClinic(ctx, 'visits');
  const { rows } = await sql<{ max: number; n: number }>`
    select p.max_visitings as max,
           (select count(*)::int from visitings v where v.tenant_id = t.id
              and v.created_at >= coalesce(t.subscription_start, '-infinity'::date)
              and v.created_at < coalesce(t.subscription_end + 1, 'infinity'::date)) as n
    from tenants t join plans p on p.id = t.plan_id where t.id = ${ctx.tenantId}`.execute(ctx.trx);
  const plan = rows[0];
  if (plan && plan.n > plan.max) throw invalidField('date', 'validation.planLimitVisits', { limit: plan.max });
}

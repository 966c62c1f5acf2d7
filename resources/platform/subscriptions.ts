// Subscriptions: invoices for registrations and renewals, plan history, plan changes, renewals,
// and the job that suspends clinics whose invoice stays unpaid 30 days.
import dayjs from 'dayjs';
import { type Kysely, type Transaction, sql } from 'kysely';
import { ACCOUNT_STATUS } from '../../src/shared/enums';
import { CENTRAL_ROLE, TENANT_ROLE } from '../../src/shared/roles';
import type { Database } from '../../src/server/db/schema';
import { notify } from '../../src/server/modules/notifications';
import { NO_ORIGIN, PLATFORM, recordEvent } from '../../src/server/audit/events';
import { dayOf, localDay } from '../../src/server/days';

type Db = Kysely<Database> | Transaction<Database>;
export type HistoryAction = 'created' | 'renewed' | 'changed' | 'reactivated' | 'suspended' | 'archived' | 'no_action';

/** Days an invoice may stay unpaid before the clinic is suspended (docs/product.md#plans-and-subscriptions). */
export const GRACE_DAYS = 30;
const DAY = 'YYYY-MM-DD';
const MANAGERS = [CENTRAL_ROLE.owner, CENTRAL_ROLE.developer];

interface TenantRow {
  id: number;
  name: string;
  plan_id: number | null;
  status: number;
  subscription_start: string | null;
  subscription_end: string | null;
}

async function tenantRow(db: Db, id: number): Promise<TenantRow> {
  const { rows } = await sql<TenantRow>`
    select id, name, plan_id, status, to_char(subscription_start, 'YYYY-MM-DD') as subscription_start,
           to_char(subscription_end, 'YYYY-MM-DD') as subscription_end
    from tenants where id = ${id}`.execute(db);
  return rows[0];
}

export async function recordHistory(db: Db, tenantId: number, action: HistoryAction, userId: number | null): Promise<void> {
  const t = await tenantRow(db, tenantId);
  await sql`insert into plan_histories (tenant_id, plan_id, action, starts_on, ends_on, user_id)
            values (${tenantId}, ${t.plan_id}, ${action}, ${t.subscription_start}, ${t.subscription_end}, ${userId})`.execute(db);
}

/** The plan's yearly price, its discount, and the price less the discount (what is due). */
async function yearlyAmount(db: Db, planId: number | null): Promise<{ price: number | null; discount: number | null; amount: number }> {
  if (!planId) return { price: null, discount: null, amount: 0 };
  const { rows } = await sql<{ price: number; discount: number; amount: number }>`select price, discount, round(price * (100 - discount) / 100, 2) as amount from plans where id = ${planId}`.execute(db);
  return rows[0] ? { price: Number(rows[0].price), discount: Number(rows[0].discount), amount: Number(rows[0].amount) } : { price: null, discount: null, amount: 0 };
}

/** An invoice for the subscription as it stands (its period, the plan's price); numbered in its year by the database (migration 060). */
export async function issueInvoice(db: Db, tenantId: number, kind: 'registration' | 'renewal', now: Date, period?: { start: string | null; end: string | null }): Promise<void> {
  const t = await tenantRow(db, tenantId);
  const issued = localDay(now);
  const { price, discount, amount } = await yearlyAmount(db, t.plan_id);
  const start = period?.start ?? t.subscription_start;
  const end = period?.end ?? t.subscription_end;
  await sql`insert into invoices (tenant_id, plan_id, kind, amount, price, discount, period_start, period_end, issued_on, due_on)
            values (${tenantId}, ${t.plan_id}, ${kind}, ${amount}, ${price}, ${discount}, ${start}, ${end}, ${issued.format(DAY)}, ${issued.add(GRACE_DAYS, 'day').format(DAY)})`.execute(db);
}

export async function changePlan(db: Db, tenantId: number, planId: number, userId: number | null, now: Date): Promise<void> {
  await sql`update tenants set plan_id = ${planId}, updated_at = ${now} where id = ${tenantId}`.execute(db);
  await recordHistory(db, tenantId, 'changed', userId);
}

/** Another year from the later of today and the current end, with its invoice. */
export async function renew(db: Db, tenantId: number, userId: number | null, now: Date): Promise<void> {
  const t = await tenantRow(db, tenantId);
  const today = localDay(now);
  const from = t.subscription_end && dayjs(t.subscription_end).isAfter(today) ? dayjs(t.subscription_end) : today;
  await sql`update tenants set subscription_end = ${from.add(1, 'year').format(DAY)}, subscription_start = coalesce(subscription_start, ${today.format(DAY)}), updated_at = ${now} where id = ${tenantId}`.execute(db);
  // A renewal is for the year it adds.
  await issueInvoice(db, tenantId, 'renewal', now, { start: from.format(DAY), end: from.add(1, 'year').format(DAY) });
  await recordHistory(db, tenantId, 'renewed', userId);
}

export function historyForStatus(status: number): HistoryAction {
  return status === ACCOUNT_STATUS.suspended ? 'suspended' : status === ACCOUNT_STATUS.archived ? 'archived' : 'reactivated';
}

/** After a payment: a clinic suspended for non-payment with nothing else overdue is active again. */
export async function reactivateIfSettled(db: Db, tenantId: number, userId: number | null, now: Date): Promise<void> {
  const t = await tenantRow(db, tenantId);
  if (t.status !== ACCOUNT_STATUS.suspended) return;
  // Only the job's suspension (no user) ends with payment; a clinic suspended by hand stays so
  // until someone reactivates it.
  const { rows: last } = await sql<{ user_id: number | null }>`select user_id from plan_histories
    where tenant_id = ${tenantId} and action = 'suspended' order by created_at desc, id desc limit 1`.execute(db);
  if (last[0] && last[0].user_id !== null) return;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from invoices where tenant_id = ${tenantId} and not is_paid and due_on < ${dayOf(now)}`.execute(db);
  if (rows[0].n > 0) return;
  await sql`update tenants set status = ${ACCOUNT_STATUS.active}, updated_at = ${now} where id = ${tenantId}`.execute(db);
  await recordHistory(db, tenantId, 'reactivated', userId);
  await notify(db, { scope: 'central', tenantId: null, roles: MANAGERS }, 'clinicReactivated', { doctor: t.name, tenant_id: tenantId });
}

const JOB_LOCK = 727_001;

/**
 * Suspends active clinics with an invoice unpaid past its due day, and warns of subscriptions
 * ending within two weeks. The scheduler runs it on one process at a time (jobs/scheduler.ts); the
 * advisory lock keeps a direct call (a test, a tool) from overlapping it too, and each step only
 * touches rows still in the state it looks for.
 */
export async function runSubscriptionJob(db: Kysely<Database>, now: Date): Promise<{ suspended: number[] }> {
  return db.transaction().execute(async (trx) => {
    const { rows: lock } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${JOB_LOCK}) as ok`.execute(trx);
    if (!lock[0].ok) return { suspended: [] };
    const today = dayOf(now);
    const { rows: overdue } = await sql<{ id: number; name: string }>`
      update tenants t set status = ${ACCOUNT_STATUS.suspended}, updated_at = ${now}
      where t.status = ${ACCOUNT_STATUS.active}
        and exists (select 1 from invoices i where i.tenant_id = t.id and not i.is_paid and i.due_on < ${today})
      returning t.id, t.name`.execute(trx);
    for (const t of overdue) {
      await recordHistory(trx, t.id, 'suspended', null);
      await recordEvent(trx, null, PLATFORM, NO_ORIGIN, { action: 'suspend_unpaid', resource: 'tenants', recordId: t.id, fields: ['status'] });
      await notify(trx, { scope: 'central', tenantId: null, roles: MANAGERS }, 'clinicSuspended', { doctor: t.name, tenant_id: t.id });
    }

    const soon = localDay(now).add(14, 'day').format(DAY);
    const { rows: ending } = await sql<{ id: number; name: string; ends: string }>`
      select t.id, t.name, to_char(t.subscription_end, 'YYYY-MM-DD') as ends from tenants t
      where t.status = ${ACCOUNT_STATUS.active} and t.subscription_end between ${today} and ${soon}
        and not exists (select 1 from notifications n where n.kind = 'subscriptionExpiring' and n.tenant_id = t.id and n.data->>'date' = to_char(t.subscription_end, 'YYYY-MM-DD'))`.execute(trx);
    for (const t of ending) {
      const days = dayjs(t.ends).diff(dayjs(today), 'day');
      await notify(trx, { scope: 'tenant', tenantId: t.id, roles: [TENANT_ROLE.mainDoctor] }, 'subscriptionExpiring', { doctor: t.name, days, date: t.ends });
      await notify(trx, { scope: 'central', tenantId: null, roles: MANAGERS }, 'subscriptionExpiring', { doctor: t.name, days, date: t.ends, tenant_id: t.id });
    }
    return { suspended: overdue.map((t) => t.id) };
  });
}

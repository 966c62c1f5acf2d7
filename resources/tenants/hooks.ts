// Doctors (clinics). Creating one provisions the clinic at once: its Main Doctor account, a
// one-year subscription from today, the first invoice and a `created` plan history entry. Plan and
// status changes are recorded in plan history. An Admin's create, update or delete becomes a
// request instead (requests.ts); nothing changes a doctor while a request about it is pending.
import { sql } from 'kysely';
import { RESERVED_SUBDOMAINS } from '../../src/shared/host';
import type { AuditAction } from '../../src/shared/audit';
import { ACCOUNT_STATUS } from '../../src/shared/enums';
import { CENTRAL_ROLE, TENANT_ROLE } from '../../src/shared/roles';
import { hashPassword } from '../../src/server/auth/passwords';
import { endUserSessions } from '../../src/server/auth/sessions';
import type { ResourceHooks } from '../../src/server/engine/hooks';
import { invalidField } from '../../src/server/http/errors';
import { assertNoPendingRequest, submitRequest } from '../platform/requests';
import { historyForStatus, issueInvoice, recordHistory } from '../platform/subscriptions';
import { dayOf, localDay } from '../../src/server/days';
import { seedIngredients } from '../../src/server/modules/ingredients';

/** The trail's name for a clinic's move to `status`. */
export function statusAction(status: number): AuditAction {
  return status === ACCOUNT_STATUS.suspended ? 'suspend' : status === ACCOUNT_STATUS.archived ? 'archive' : 'reactivate';
}

function refuseReserved(input: Record<string, unknown>): void {
  if (typeof input.subdomain === 'string' && RESERVED_SUBDOMAINS.includes(input.subdomain)) {
    throw invalidField('subdomain', 'validation.reserved');
  }
}

export const tenantHooks: ResourceHooks = {
  async divert(ctx, action, input, existing) {
    if (existing) await assertNoPendingRequest(ctx.trx, existing.id);
    // Not an access check (the access matrix lets the Admin in): an Admin's change becomes a request
    // the Owner accepts or rejects (SPEC), a step of the workflow.
    if (ctx.caller.role !== CENTRAL_ROLE.admin) return undefined;
    refuseReserved(input);
    const onlyPlan = action === 'update' && Object.keys(input).length === 1 && 'plan_id' in input;
    return submitRequest(ctx, action === 'update' && onlyPlan ? 'plan' : action, input, existing);
  },
  beforeCreate(ctx, input) {
    refuseReserved(input);
    input.subscription_start = dayOf(ctx.now);
    input.subscription_end = localDay(ctx.now).add(1, 'year').format('YYYY-MM-DD');
  },
  async afterCreate(ctx, record, input) {
    // A doctor created from an accepted request brings its password already hashed.
    const passwordHash = typeof input.password_hash === 'string' ? input.password_hash : await hashPassword(String(input.password));
    await ctx.trx
      .insertInto('tenant_users')
      .values({
        tenant_id: record.id,
        name: String(input.name),
        username: String(input.username),
        email: (input.email as string | undefined) ?? null,
        phone: (input.phone as string | undefined) ?? null,
        role: TENANT_ROLE.mainDoctor,
        password_hash: passwordHash,
      })
      .execute();
    await sql`insert into tenant_landing_pages (tenant_id, title_en, title_ar, title_ckb) values (${record.id}, ${String(input.name)}, ${String(input.name)}, ${String(input.name)})`.execute(ctx.trx);
    await seedIngredients(ctx.trx, record.id);
    await issueInvoice(ctx.trx, record.id, 'registration', ctx.now);
    await recordHistory(ctx.trx, record.id, 'created', ctx.caller.userId);
  },
  beforeUpdate(_ctx, input) {
    refuseReserved(input);
  },
  // The trail names what happened to the clinic: suspended, archived, reactivated, plan changed.
  auditAction(input, existing) {
    if (input.status !== undefined && Number(input.status) !== Number(existing.status)) return statusAction(Number(input.status));
    if (input.plan_id !== undefined && Number(input.plan_id) !== Number(existing.plan_id)) return 'plan_change';
    return undefined;
  },
  async afterUpdate(ctx, record, input, existing) {
    const planChanged = input.plan_id !== undefined && input.plan_id !== existing.plan_id;
    const statusChanged = input.status !== undefined && input.status !== existing.status;
    if (planChanged) await recordHistory(ctx.trx, record.id, 'changed', ctx.caller.userId);
    if (statusChanged) await recordHistory(ctx.trx, record.id, historyForStatus(Number(input.status)), ctx.caller.userId);
    // A profile edit leaves the subscription as it was: recorded as "no action", with who did it.
    if (!planChanged && !statusChanged && Object.keys(input).length > 0) await recordHistory(ctx.trx, record.id, 'no_action', ctx.caller.userId);
    // The doctor's username and password are those of the clinic's Main Doctor account.
    const changes: { username?: string; password_hash?: string } = {};
    if (typeof input.username === 'string') changes.username = input.username;
    // A new password from an accepted request arrives already hashed.
    if (typeof input.password_hash === 'string') changes.password_hash = input.password_hash;
    else if (typeof input.password === 'string') changes.password_hash = await hashPassword(input.password);
    if (!changes.username && !changes.password_hash) return;
    const { rows } = await sql<{ id: number }>`
      update tenant_users set ${sql.join(Object.entries(changes).map(([k, v]) => sql`${sql.ref(k)} = ${v}`))}, updated_at = ${ctx.now}
      where tenant_id = ${record.id} and role = ${TENANT_ROLE.mainDoctor} returning id`.execute(ctx.trx);
    if (rows[0] && changes.password_hash) await endUserSessions(ctx.trx, 'tenant', record.id, rows[0].id);
  },
};

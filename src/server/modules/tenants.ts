// Doctors (clinics): creating one provisions its Main Doctor account and a one-year subscription
// starting today; the doctor's username and password stay in step with that account.
import dayjs from 'dayjs';
import { RESERVED_SUBDOMAINS } from '../../shared/host';
import { TENANT_ROLE } from '../../shared/roles';
import { hashPassword } from '../auth/passwords';
import { endUserSessions } from '../auth/sessions';
import type { ResourceHooks } from '../engine/hooks';
import { invalidField } from '../http/errors';

function refuseReserved(input: Record<string, unknown>): void {
  if (typeof input.subdomain === 'string' && RESERVED_SUBDOMAINS.includes(input.subdomain)) {
    throw invalidField('subdomain', 'validation.reserved');
  }
}

export const tenantHooks: ResourceHooks = {
  beforeCreate(ctx, input) {
    refuseReserved(input);
    input.subscription_start = dayjs(ctx.now).format('YYYY-MM-DD');
    input.subscription_end = dayjs(ctx.now).add(1, 'year').format('YYYY-MM-DD');
  },
  async afterCreate(ctx, record, input) {
    await ctx.trx
      .insertInto('tenant_users')
      .values({
        tenant_id: record.id,
        name: String(input.name),
        username: String(input.username),
        email: (input.email as string | undefined) ?? null,
        phone: (input.phone as string | undefined) ?? null,
        role: TENANT_ROLE.mainDoctor,
        password_hash: await hashPassword(String(input.password)),
      })
      .execute();
  },
  beforeUpdate(_ctx, input) {
    refuseReserved(input);
  },
  async afterUpdate(ctx, record, input) {
    const changes: { username?: string; password_hash?: string; updated_at: Date } = { updated_at: ctx.now };
    if (typeof input.username === 'string') changes.username = input.username;
    if (typeof input.password === 'string') changes.password_hash = await hashPassword(input.password);
    if (!changes.username && !changes.password_hash) return;
    const main = await ctx.trx
      .updateTable('tenant_users')
      .set(changes)
      .where('tenant_id', '=', record.id)
      .where('role', '=', TENANT_ROLE.mainDoctor)
      .returning('id')
      .executeTakeFirst();
    if (main && changes.password_hash) await endUserSessions(ctx.trx, 'tenant', record.id, main.id);
  },
};

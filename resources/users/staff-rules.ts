// The rules of staff accounts, central and clinic (docs/product.md#roles): nobody changes their own role
// or deactivates or deletes themselves, and the Owner's and Main Doctor's accounts are their own.
// Which roles a caller may give is the engine's, from the declaration (`assignable`).
import { endUserSessions } from '../../src/server/auth/sessions';
import type { HookContext, ResourceHooks, Row } from '../../src/server/engine/hooks';
import { ApiError, invalidField } from '../../src/server/http/errors';

function isSelf(ctx: HookContext, existing: Row): boolean {
  return existing.id === ctx.caller.userId;
}

/** Hooks shared by `users` (central staff) and `tenantUsers` (clinic staff). */
export const staffHooks: ResourceHooks = {
  async beforeUpdate(ctx, input, existing) {
    if (input.role !== undefined && input.role !== existing.role && isSelf(ctx, existing)) throw invalidField('role', 'errors.cannotChangeOwnRole');
    // The Owner (central) and the Main Doctor (clinic) accounts are not editable by others' role rules:
    // the edited record's role, which the route's access (the caller's) cannot see.
    if (!isSelf(ctx, existing) && existing.role === 0) throw new ApiError(403, 'errors.forbidden');
    if (input.is_active === false && isSelf(ctx, existing)) throw invalidField('is_active', 'errors.cannotChangeOwnRole');
  },
  async afterUpdate(ctx, record, input) {
    // Deactivating someone or setting their password signs them out everywhere. (Changing one's own
    // password belongs to the profile screen, which keeps the current session.)
    if ((input.is_active === false || input.password !== undefined) && record.id !== ctx.caller.userId) {
      await endUserSessions(ctx.trx, ctx.caller.scope, ctx.tenantId, record.id);
    }
  },
  beforeDelete(ctx, existing) {
    if (isSelf(ctx, existing)) throw new ApiError(422, 'errors.cannotDeleteSelf');
    // The record's role, not the caller's (no route option can name it): that account stays.
    if (existing.role === 0) throw new ApiError(403, 'errors.forbidden');
  },
};

// Clinic staff: the shared staff rules plus the plan's limit on staff accounts.
import type { ResourceHooks } from '../../src/server/engine/hooks';
import { checkUserLimit } from '../../src/server/modules/plan-limits';
import { staffHooks } from '../users/staff-rules';

export const tenantUserHooks: ResourceHooks = {
  ...staffHooks,
  async beforeCreate(ctx, input) {
    await staffHooks.beforeCreate?.(ctx, input);
    await checkUserLimit(ctx);
  },
};

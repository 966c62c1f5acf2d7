// Clinic staff: the shared staff rules plus the plan's limit on staff accounts.
import type { ResourceHooks } from '../engine/hooks';
import { checkUserLimit } from './plan-limits';
import { staffHooks } from './staff-rules';

export const tenantUserHooks: ResourceHooks = {
  ...staffHooks,
  async beforeCreate(ctx, input) {
    await staffHooks.beforeCreate?.(ctx, input);
    await checkUserLimit(ctx);
  },
};

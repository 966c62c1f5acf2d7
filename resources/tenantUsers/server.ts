import { definePlugin } from '../../src/server/engine/plugin';
import { tenantUserHooks } from '../../src/server/modules/tenant-users';

export default definePlugin({ hooks: { tenantUsers: tenantUserHooks } });

import { definePlugin } from '../../src/server/engine/plugin';
import { tenantUserHooks } from './hooks';

export default definePlugin({ hooks: { tenantUsers: tenantUserHooks } });

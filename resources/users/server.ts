// Staff members: the rules on roles and the Main Doctor, and the clinic's permission catalogue and matrix.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerPermissionRoutes } from './permissions';
import { staffHooks } from './staff-rules';

export default definePlugin({ hooks: { users: staffHooks }, routes: (api, { db }) => registerPermissionRoutes(api, db) });

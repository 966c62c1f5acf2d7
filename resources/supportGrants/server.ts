// Support access: a clinic's grants to the platform's staff, and the sessions they open.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerSupportRoutes, supportGrantHooks } from '../../src/server/support/grants';

export default definePlugin({ hooks: { supportGrants: supportGrantHooks }, routes: (api, { db }) => registerSupportRoutes(api, db) });

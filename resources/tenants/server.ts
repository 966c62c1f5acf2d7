// Clinics: provisioning and suspension, and a clinic's own settings screens (invoices, usage, plan
// history, currency) and its printed letterhead.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerClinicSettingsRoutes } from '../../src/server/modules/clinic-settings';
import { registerLetterheadRoutes } from '../../src/server/modules/letterhead';
import { tenantHooks } from '../../src/server/modules/tenants';

export default definePlugin({
  hooks: { tenants: tenantHooks },
  routes(api) {
    registerClinicSettingsRoutes(api);
    registerLetterheadRoutes(api);
  },
});

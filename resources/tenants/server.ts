// Clinics: provisioning and suspension, and a clinic's own settings screens (invoices, usage, plan
// history, currency) and its printed letterhead.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerClinicSettingsRoutes } from './clinic-settings';
import { registerLetterheadRoutes } from './letterhead';
import { tenantHooks } from './hooks';

export default definePlugin({
  hooks: { tenants: tenantHooks },
  routes(api) {
    registerClinicSettingsRoutes(api);
    registerLetterheadRoutes(api);
  },
});

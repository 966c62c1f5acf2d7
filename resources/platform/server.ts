// The platform's side: Admins' requests about doctors, subscriptions (plan changes, renewals,
// invoices marked paid, the invoice sheet) and the central dashboard.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerCentralDashboard } from '../../src/server/modules/central-dashboard';
import { registerInvoiceSheetRoutes } from '../../src/server/modules/invoice-sheet';
import { registerRequestRoutes } from '../../src/server/modules/requests';
import { invoiceHooks, registerSubscriptionRoutes } from '../../src/server/modules/subscription-routes';

export default definePlugin({
  hooks: { invoices: invoiceHooks },
  routes(api, { db }) {
    registerRequestRoutes(api);
    registerSubscriptionRoutes(api);
    registerInvoiceSheetRoutes(api);
    registerCentralDashboard(api, db);
  },
});

// The platform's side: Admins' requests about doctors, subscriptions (plan changes, renewals,
// invoices marked paid, the invoice sheet) and the central dashboard.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerCentralDashboard } from './central-dashboard';
import { registerInvoiceSheetRoutes } from './invoice-sheet';
import { registerRequestRoutes } from './requests';
import { invoiceHooks, registerSubscriptionRoutes } from './subscription-routes';

export default definePlugin({
  hooks: { invoices: invoiceHooks },
  routes(api, { db }) {
    registerRequestRoutes(api);
    registerSubscriptionRoutes(api);
    registerInvoiceSheetRoutes(api);
    registerCentralDashboard(api, db);
  },
});

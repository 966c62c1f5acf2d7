// Lab orders and results: an order's doctor and day, a catalog test's kind, a result's reference
// and flag, and the one-screen entry of an order's results.
import { definePlugin } from '../../src/server/engine/plugin';
import { labOrderHooks, labResultHooks, labTestHooks } from './hooks';
import { registerLabResultRoutes } from './results-routes';

export default definePlugin({
  hooks: { labTests: labTestHooks, labOrders: labOrderHooks, labResults: labResultHooks },
  routes: (api) => registerLabResultRoutes(api),
});

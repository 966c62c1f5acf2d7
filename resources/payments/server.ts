// Payments, a feature spanning entities: the ledger's rules, the incomes each payment writes in
// the accounting, refunds, a patient's balance and the desk's cash of the day.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerPaymentRoutes } from './routes';
import { incomeHooks, paymentHooks } from './hooks';

export default definePlugin({ hooks: { payments: paymentHooks, incomes: incomeHooks }, routes: (api) => registerPaymentRoutes(api) });

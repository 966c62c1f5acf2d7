// The accounting result by month (incomes against expenses).
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({ screens: { accountingResult: () => import('../../src/client/pages/clinic/AccountingResult') } });

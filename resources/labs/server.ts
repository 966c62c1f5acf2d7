// Lab orders and results: an order's doctor and day, a result's reference range and flag.
import { definePlugin } from '../../src/server/engine/plugin';
import { labOrderHooks, labResultHooks } from '../../src/server/modules/labs';

export default definePlugin({ hooks: { labOrders: labOrderHooks, labResults: labResultHooks } });

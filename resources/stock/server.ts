// Stock: no movement leaves an item with less than nothing; a dispensing takes from its drug's item;
// the dashboard's warnings are the module's own route.
import { definePlugin } from '../../src/server/engine/plugin';
import { stockMovementHooks } from './hooks';
import { registerStockRoutes } from './routes';

export default definePlugin({ hooks: { stockMovements: stockMovementHooks }, routes: registerStockRoutes });

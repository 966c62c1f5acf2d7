// Stock: no movement leaves an item with less than nothing; a dispensing takes from its drug's item.
import { definePlugin } from '../../src/server/engine/plugin';
import { stockMovementHooks } from '../../src/server/modules/stock';

export default definePlugin({ hooks: { stockMovements: stockMovementHooks } });

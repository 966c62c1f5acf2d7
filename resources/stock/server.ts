// Stock: no movement leaves an item with less than nothing; a dispensing takes from its drug's item.
import { definePlugin } from '../../src/server/engine/plugin';
import { stockMovementHooks } from './hooks';

export default definePlugin({ hooks: { stockMovements: stockMovementHooks } });

// The stock's card on the clinic's dashboard, shown to whoever may read the stock items.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  dashboard: { stockItems: () => import('./StockWarnings') },
});

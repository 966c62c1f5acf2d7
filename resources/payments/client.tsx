// A payment's receipt and its refund below the record, and the desk's cash of the day.
import type { BaseRecord } from '@refinedev/core';
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  panels: { payment: () => import('../../src/client/pages/clinic/PaymentPanel').then((m) => ({ default: ({ record }: { record: BaseRecord }) => <m.PaymentPanel record={record} /> })) },
  screens: { dailyCash: () => import('../../src/client/pages/clinic/DailyCash') },
});

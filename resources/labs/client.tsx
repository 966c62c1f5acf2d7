// A lab order's printed form below the record.
import type { BaseRecord } from '@refinedev/core';
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  panels: { labOrder: () => import('../../src/client/pages/clinic/LabOrderPanel').then((m) => ({ default: ({ record }: { record: BaseRecord }) => <m.LabOrderPanel record={record} /> })) },
});

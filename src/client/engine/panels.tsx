// The hand-made panels a declaration may place below a record's details (ResourceDef.panels), by
// the name it uses. Lazy: each loads with the page that shows it.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { RECORD_PANELS } from '../../shared/resource';

type Panel = LazyExoticComponent<ComponentType<{ record: BaseRecord }>>;

export const PANELS: Record<(typeof RECORD_PANELS)[number], Panel> = {
  // A staff member's permission matrix.
  permissions: lazy(() => import('../pages/clinic/PermissionMatrix').then((m) => ({ default: ({ record }: { record: BaseRecord }) => <m.PermissionMatrix userId={Number(record.id)} /> }))),
  // A payment's receipt and its refund.
  payment: lazy(() => import('../pages/clinic/PaymentPanel').then((m) => ({ default: ({ record }: { record: BaseRecord }) => <m.PaymentPanel record={record} /> }))),
  // A lab order's printed form.
  labOrder: lazy(() => import('../pages/clinic/LabOrderPanel').then((m) => ({ default: ({ record }: { record: BaseRecord }) => <m.LabOrderPanel record={record} /> }))),
};

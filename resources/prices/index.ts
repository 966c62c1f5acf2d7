import { defineResource } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';

// The clinic's price list (issue 19): what a consultation, a follow-up or a procedure costs, for
// every doctor or for one where theirs differs. A booking's or a visit's service fills its amount
// (FieldDef.fill). Every staff member reads it (whoever books needs the prices); those with the
// accounting permission keep it. A price a booking used is archived, never erased.
export default defineResource({
  name: 'prices',
  path: 'prices',
  table: 'prices',
  scope: 'tenant',
  permission: 'accounting',
  anyStaffReads: true,
  deletePolicy: 'archive',
  route: 'accounting/prices',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 82, parent: 'accounting' },
  fields: {
    name: { type: 'string', required: true, minLength: 2, maxLength: 120, searchable: true, list: true, sortable: true },
    price: { type: 'money', required: true, min: 0, max: 100_000_000, list: true, sortable: true },
    // Empty: every doctor's price; else this doctor's own.
    doctor_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name', titleForReaders: true, only: { role: [TENANT_ROLE.mainDoctor, TENANT_ROLE.doctor] } }, nullable: true, filterable: true, list: true },
    active: { type: 'boolean', default: true, list: true, filterable: true, toggle: true },
    notes: { type: 'string', maxLength: 300, nullable: true },
  },
});

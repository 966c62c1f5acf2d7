// Stock and dispensing (issue 40): the clinic's suppliers, the items it keeps (a medicine of the
// catalog or a supply) and their movements in and out; an item's stock is the movements in less
// the movements out, summed by the engine with the row. Dispensing a prescription line is a
// movement out naming the visit and the line (the rules: ./server.ts).
import { defineMenuGroup } from '../../src/shared/menu';
import { defineResource } from '../../src/shared/resource';

export const stockMenu = defineMenuGroup({ key: 'stock', scope: 'tenant', path: 'stock', opens: 'stockItems', order: 64, icon: 'inbox', access: { readPermission: 'stockItems' } });

const quantity = { type: 'number', min: 0, max: 1_000_000 } as const;

export const suppliers = defineResource({
  name: 'suppliers',
  path: 'suppliers',
  route: 'stock/suppliers',
  table: 'suppliers',
  scope: 'tenant',
  // A supplier of old deliveries is archived, not deleted: the movements keep its name.
  deletePolicy: 'archive',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 64.2, parent: 'stock' },
  fields: {
    name: { type: 'string', required: true, maxLength: 160, unique: true, searchable: true, sortable: true, list: true },
    phone: { type: 'phone', nullable: true, list: true },
    notes: { type: 'text', maxLength: 2000, nullable: true },
  },
});

export const stockItems = defineResource({
  name: 'stockItems',
  path: 'stock-items',
  route: 'stock/items',
  table: 'stock_items',
  scope: 'tenant',
  deletePolicy: 'archive',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 64.1, icon: 'inbox', parent: 'stock' },
  fields: {
    name: { type: 'string', required: true, maxLength: 160, unique: true, searchable: true, sortable: true, list: true },
    // The medicine of the catalog it is, if any: its stock shows in the prescribing drug picker.
    drug_id: { type: 'relation', relation: { resource: 'drugs', labelField: 'name' }, nullable: true, unique: true, filterable: true, list: true },
    unit: { type: 'string', maxLength: 30, nullable: true, list: true },
    stock: { type: 'number', readOnly: true, list: true, sum: { of: 'stockMovements', field: 'quantity', minus: { field: 'kind', equals: 'out' } } },
    // At or under it, the dashboard warns.
    reorder_level: { ...quantity, default: 0, list: true },
    unit_price: { type: 'money', min: 0, max: 100_000_000, nullable: true, list: true },
    expiry_date: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true },
  },
});

export const stockMovements = defineResource({
  name: 'stockMovements',
  path: 'stock-movements',
  table: 'stock_movements',
  scope: 'tenant',
  within: { resource: 'stockItems', field: 'stock_item_id', tab: 'movements' },
  titleField: 'date',
  defaultSort: '-date,-id',
  fields: {
    stock_item_id: { type: 'relation', relation: { resource: 'stockItems', labelField: 'name' }, required: true, filterable: true, list: true },
    kind: { type: 'string', default: 'in', choices: ['in', 'out'], labels: 'stockMovements.kinds.{}', tones: { in: 'green', out: 'orange' }, filterable: true, list: true },
    quantity: { ...quantity, min: 0.01, required: true, list: true },
    date: { type: 'date', required: true, list: true, sortable: true, filterable: true },
    // Who delivered a movement in.
    supplier_id: { type: 'relation', relation: { resource: 'suppliers', labelField: 'name' }, nullable: true, filterable: true, list: true, formWhen: { kind: ['in'] } },
    // The visit it was for; a dispensing names its prescription line too (0 for the first).
    visiting_id: { type: 'relation', relation: { resource: 'visitings', labelField: 'date' }, nullable: true, filterable: true, list: true, hideInForm: true },
    prescription_line: { type: 'integer', min: 0, max: 29, nullable: true, hideInForm: true },
    note: { type: 'string', maxLength: 300, nullable: true, list: true },
  },
});

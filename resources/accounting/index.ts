// Money in and out of the clinic. Both lists sit behind the `accounting` permission.
import { defineResource } from '../../src/shared/resource';
import { defineMenuGroup } from '../../src/shared/menu';

function ledger<const N extends 'incomes' | 'expenses'>(name: N, order: number) {
  return defineResource({
    name,
    path: name,
    table: name,
    scope: 'tenant',
    permission: 'accounting',
    route: `accounting/${name}`,
    titleField: 'note',
    defaultSort: '-date',
    menu: { order, parent: 'accounting' },
    fields: {
      amount: { type: 'money', required: true, min: 0.01, max: 100_000_000, list: true, sortable: true, filterable: true },
      date: { type: 'date', required: true, list: true, sortable: true, filterable: true },
      category: { type: 'string', maxLength: 100, nullable: true, list: true, filterable: true, searchable: true },
      note: { type: 'text', maxLength: 2000, nullable: true, list: true, searchable: true },
      ...(name === 'incomes'
        ? {
            patient_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, nullable: true, filterable: true, list: true } as const,
            // Automatic incomes: one per row of the payments ledger (a refund's is negative), written
            // with it (src/server/modules/payments.ts); their source says so in the reader's language.
            source: { type: 'enum', enum: 'incomeSource', readOnly: true, list: true, filterable: true } as const,
            visiting_id: { type: 'relation', relation: { resource: 'visitings', labelField: 'date' }, readOnly: true, filterable: true } as const,
            appointment_id: { type: 'relation', relation: { resource: 'appointments', labelField: 'date' }, readOnly: true, filterable: true } as const,
            payment_id: { type: 'relation', relation: { resource: 'payments', labelField: 'receipt_number' }, readOnly: true, filterable: true } as const,
          }
        : {}),
    },
  });
}

export const incomes = ledger('incomes', 81);
export const expenses = ledger('expenses', 80);

/** The accounting's menu group, behind the `accounting` permission; the result by month sits in it too. */
export const accountingMenu = defineMenuGroup({ key: 'accounting', scope: 'tenant', path: 'accounting', opens: 'expenses', order: 70, icon: 'dollar', access: { readPermission: 'accounting' } });

import { defineResource } from '../../src/shared/resource';

// The clinic's ledger of money received (issue 19): each payment, partial or whole, by method,
// with its receipt number, and each refund as a row of its own (a negative amount pointing at the
// payment it returns). A row is never changed in its money (`final`) or deleted once written — a
// receipt may have been printed — so a mistake is refunded and taken again. Everything else about money
// follows from these rows (src/server/modules/payments.ts): a booking's and a visit's paid amount,
// the patient's balance, the daily cash report, and one income per row in the accounts.
export default defineResource({
  name: 'payments',
  path: 'payments',
  table: 'payments',
  // Taken during an internet cut too (issue 37).
  offline: true,
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'payments' },
  // A record within another is never in the menu: the order places its tab first of the declared
  // ones (after the visits and bookings, before the nurses' records).
  menu: { order: 900 },
  actions: ['read', 'create', 'update'],
  titleField: 'receipt_number',
  defaultSort: '-id',
  // Print the receipt; refund all or part of what is left (POST /payments/:id/refund).
  panels: [{ name: 'payment' }],
  fields: {
    patient_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, required: true, final: true, filterable: true, list: true },
    receipt_number: { type: 'integer', sequence: true, readOnly: true, unique: true, list: true, sortable: true, filterable: true },
    // A payment taken during an internet cut: the number its receipt was printed with before the
    // server gave it one (the device's prefix and its own count), kept as a reference.
    provisional_receipt: { type: 'string', provisionalNumber: true, final: true, nullable: true, hideInForm: true, maxLength: 16, pattern: '^[0-9A-F]{4}-[0-9]{1,9}$', dir: 'ltr', filterable: true },
    // The day it was taken (the clinic's day): the cash report's day.
    date: { type: 'date', readOnly: true, list: true, sortable: true, filterable: true },
    // A refund's is negative (written by POST /payments/:id/refund, never typed).
    amount: { type: 'money', required: true, final: true, min: 0.01, max: 100_000_000, list: true, sortable: true },
    method: { type: 'enum', enum: 'paymentMethod', default: 0, final: true, list: true, filterable: true },
    // What it paid for, if anything in particular: a booking at the desk, or a visit.
    appointment_id: { type: 'relation', relation: { resource: 'appointments', labelField: 'date' }, nullable: true, final: true, filterable: true, hideInForm: true },
    visiting_id: { type: 'relation', relation: { resource: 'visitings', labelField: 'date' }, nullable: true, final: true, filterable: true, hideInForm: true },
    refund_of: { type: 'relation', relation: { resource: 'payments', labelField: 'receipt_number' }, readOnly: true, nullable: true, filterable: true, list: true },
    // Who took it, by name, for everyone who reads the payment (a secretary reads no staff list).
    taken_by: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name', titleForReaders: true }, readOnly: true, filterable: true, list: true },
    note: { type: 'string', maxLength: 300, nullable: true, searchable: true },
  },
});

import { defineResource } from '../../src/shared/resource';
import { attachments } from '../attachments';

const catalogItem = <const R extends string>(idField: string, resource: R) => ({
  type: 'list',
  maxItems: 30,
  items: {
    [idField]: { type: 'relation', relation: { resource, labelField: 'name' }, required: true },
    // The name as it was when prescribed, kept even if the catalog changes later.
    name: { type: 'string', readOnly: true },
    notes: { type: 'string', maxLength: 300, nullable: true },
  },
}) as const;

// A visit: what the doctor found, decided and prescribed, and what was paid (the payments ledger,
// src/server/modules/payments.ts).
export default defineResource({
  name: 'visitings',
  path: 'visitings',
  table: 'visitings',
  // Recorded during an internet cut too (issue 37).
  offline: true,
  // A visit whose payment is in the accounts is archived: the income stays.
  deletePolicy: 'archive',
  scope: 'tenant',
  patientData: true,
  titleField: 'date',
  defaultSort: '-date,-id',
  checks: [{ field: 'paid_amount', op: '<=', other: 'fee' }],
  fields: {
    patient_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, required: true, filterable: true, list: true },
    appointment_id: { type: 'relation', relation: { resource: 'appointments', labelField: 'date' }, nullable: true, filterable: true },
    doctor_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name', titleForReaders: true }, readOnly: true, filterable: true },
    date: { type: 'date', list: true, sortable: true, filterable: true },
    chief_complaint: { type: 'text', maxLength: 2000, nullable: true, list: true, encrypted: true },
    history_of_present_illness: { type: 'text', maxLength: 8000, nullable: true, encrypted: true },
    examination_findings: { type: 'text', maxLength: 8000, nullable: true, encrypted: true },
    physician_diagnosis: { type: 'text', maxLength: 4000, nullable: true, list: true, encrypted: true },
    prescriptions: {
      type: 'list',
      maxItems: 30,
      items: {
        drug_id: { type: 'relation', relation: { resource: 'drugs', labelField: 'name' }, required: true },
        // The drug's name, strength and form as they were when prescribed (printed on the prescription).
        name: { type: 'string', readOnly: true },
        strength: { type: 'string', readOnly: true, nullable: true },
        form: { type: 'string', readOnly: true, nullable: true },
        dose: { type: 'string', maxLength: 100, nullable: true },
        frequency: { type: 'string', maxLength: 100, nullable: true },
        duration: { type: 'string', maxLength: 100, nullable: true },
        notes: { type: 'string', maxLength: 300, nullable: true },
      },
    },
    examinations: catalogItem('examination_id', 'examinations'),
    life_styles: catalogItem('life_style_id', 'lifeStyles'),
    physical_theraphies: catalogItem('physical_theraphy_id', 'physicalTheraphies'),
    notes: { type: 'text', maxLength: 4000, nullable: true, encrypted: true },
    attachments,
    // Sent to prescribe a drug matching one of the patient's allergies after being warned, with
    // the reason, which stays on the visit (src/server/modules/allergy-check.ts).
    allergy_override: { type: 'boolean', virtual: true, writeOnly: true, hideInForm: true, nullable: true },
    allergy_override_reason: { type: 'text', maxLength: 500, nullable: true, hideInForm: true, encrypted: true },
    // The service given, from the price list: its price is the fee unless one is given.
    service_id: { type: 'relation', relation: { resource: 'prices', labelField: 'name' }, nullable: true, filterable: true },
    fee: { type: 'money', min: 0, max: 100_000_000, default: 0, list: true, fill: { from: 'service_id', field: 'price' } },
    // What the encounter was paid in all (its own payments and its booking's), from the ledger.
    paid_amount: { type: 'money', readOnly: true, list: true },
    // A payment taken with this save (the form's "Pay now"): a row of the ledger with a receipt.
    payment: { type: 'money', min: 0, max: 100_000_000, virtual: true, writeOnly: true, nullable: true, hideInForm: true },
    payment_method: { type: 'enum', enum: 'paymentMethod', virtual: true, writeOnly: true, nullable: true, hideInForm: true },
  },
});

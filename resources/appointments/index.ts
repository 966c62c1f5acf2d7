import { defineResource } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';

// Bookings. Two active appointments of the same doctor may not overlap
// (src/server/modules/appointments.ts), and what was paid for it may not exceed the amount.
export default defineResource({
  name: 'appointments',
  path: 'appointments',
  table: 'appointments',
  // Booked during an internet cut too (issue 37).
  offline: true,
  scope: 'tenant',
  patientData: true,
  titleField: 'date',
  defaultSort: '-date,-time',
  menu: { order: 20, icon: 'calendar' },
  checks: [{ field: 'paid_amount', op: '<=', other: 'amount' }],
  fields: {
    patient_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, required: true, filterable: true, list: true },
    // One of the clinic's active doctors; left out, the server picks the caller if a doctor, else
    // the Main Doctor. The overlap rule is per doctor.
    // Named to whoever reads the booking (titleForReaders): a secretary reads no staff records, and
    // every staff member knows the doctors' names (/dashboard/doctors); as in the bookings requests',
    // visits', prices' and hours' doctor.
    doctor_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name', titleForReaders: true, only: { role: [TENANT_ROLE.mainDoctor, TENANT_ROLE.doctor], is_active: [true] } }, filterable: true, list: true },
    date: { type: 'date', required: true, list: true, sortable: true, filterable: true },
    time: { type: 'time', required: true, list: true, sortable: true },
    duration_minutes: { type: 'integer', min: 5, max: 480, default: 15, unit: 'min' },
    origin: { type: 'enum', enum: 'appointmentFrom', default: 0, list: true, filterable: true },
    type: { type: 'enum', enum: 'visitType', default: 0, list: true, filterable: true },
    status: { type: 'enum', enum: 'appointmentStatus', default: 0, list: true, filterable: true, sortable: true },
    // When the patient was checked in (moved to Waiting): the queue shows how long they have waited.
    checked_in_at: { type: 'datetime', readOnly: true, nullable: true },
    // The bookings made together as repeats (src/server/modules/series-routes.ts), for "this and following".
    series_id: { type: 'string', maxLength: 40, readOnly: true, nullable: true, filterable: true, dir: 'ltr' },
    // When the patient confirmed it from the link in a message (src/server/messages/routes.ts).
    confirmed_at: { type: 'datetime', readOnly: true, nullable: true },
    // Paid in full at the desk: follows the payments (resources/payments.ts), never set by hand.
    is_paid: { type: 'boolean', readOnly: true, list: true, filterable: true },
    // The service booked, from the price list: its price is the amount unless one is given.
    service_id: { type: 'relation', relation: { resource: 'prices', labelField: 'name' }, nullable: true, filterable: true },
    amount: { type: 'money', min: 0, max: 100_000_000, default: 0, list: true, fill: { from: 'service_id', field: 'price' } },
    // What was paid at the desk for it, from the payments ledger.
    paid_amount: { type: 'money', readOnly: true },
    // A payment taken with this save (the form's "Pay now"): a row of the ledger with a receipt.
    payment: { type: 'money', min: 0, max: 100_000_000, virtual: true, writeOnly: true, nullable: true, hideInForm: true },
    payment_method: { type: 'enum', enum: 'paymentMethod', virtual: true, writeOnly: true, nullable: true, hideInForm: true },
    referral: { type: 'string', maxLength: 200, nullable: true, searchable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, encrypted: true },
  },
});

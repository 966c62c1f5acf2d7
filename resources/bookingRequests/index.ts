import { defineResource } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';

/**
 * A patient's request for an appointment from the clinic's public site (issue 18): a free slot of a
 * bookable doctor, a name and a phone. It holds its slot while it waits; the desk approves it (the
 * patient is found by phone or registered, and the booking made under the overlap rule, with its
 * confirmation message) or declines it. With the clinic's "confirm at once", it is approved as it
 * arrives. The public calls and the clinic's choices: src/server/booking/.
 */
export default defineResource({
  name: 'bookingRequests',
  path: 'booking-requests',
  route: 'booking-requests',
  table: 'booking_requests',
  scope: 'tenant',
  permission: 'appointments',
  patientData: true,
  // Made by patients on the public site; the desk may correct a typo before approving.
  actions: ['read', 'update'],
  titleField: 'name',
  defaultSort: '-id',
  menu: { order: 21, icon: 'global', badge: { status: 'pending' } },
  rowActions: [
    { key: 'approve', post: 'approve', when: { status: 'pending' }, icon: 'check-square', label: 'bookingRequests.approve', confirm: 'bookingRequests.approveConfirm', done: 'bookingRequests.approved', invalidates: ['appointments', 'patients', 'messages'] },
    { key: 'decline', post: 'decline', when: { status: 'pending' }, label: 'bookingRequests.decline', confirm: 'bookingRequests.declineConfirm', done: 'bookingRequests.declined' },
  ],
  fields: {
    status: { type: 'string', choices: ['pending', 'approved', 'declined'], labels: 'bookingRequests.status.{}', tones: { pending: 'gold', approved: 'green', declined: 'default' }, readOnly: true, list: true, filterable: true },
    name: { type: 'string', required: true, minLength: 2, maxLength: 120, searchable: true, list: true },
    phone: { type: 'phone', required: true, maxLength: 30, list: true, filterable: true },
    gender: { type: 'enum', enum: 'gender', required: true },
    doctor_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name', titleForReaders: true, only: { role: [TENANT_ROLE.mainDoctor, TENANT_ROLE.doctor], is_active: [true] } }, required: true, list: true, filterable: true },
    service_id: { type: 'relation', relation: { resource: 'prices', labelField: 'name' }, nullable: true, list: true },
    date: { type: 'date', required: true, list: true, sortable: true, filterable: true },
    time: { type: 'time', required: true, list: true },
    // What the patient wrote about the visit.
    reason: { type: 'string', maxLength: 300, nullable: true },
    // The booking it became, and who decided.
    appointment_id: { type: 'relation', relation: { resource: 'appointments', labelField: 'date' }, readOnly: true, nullable: true },
    patient_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, readOnly: true, nullable: true, list: true },
    decided_by: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true, nullable: true },
    decided_at: { type: 'datetime', readOnly: true, nullable: true },
  },
});

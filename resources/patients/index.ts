import { defineResource } from '../../src/shared/resource';
import { attachments } from '../attachments';

export default defineResource({
  name: 'patients',
  path: 'patients',
  table: 'patients',
  // Registered at the desk during an internet cut too (issue 37).
  offline: true,
  // A patient with visits, appointments, records or payments is archived, never erased with them.
  deletePolicy: 'archive',
  // An archived patient's future bookings are cancelled: the doctor's slots free, no reminder goes.
  cancelsOnArchive: { resource: 'appointments', field: 'patient_id' },
  scope: 'tenant',
  patientData: true,
  // name, phone digits and national ID in one indexed text (migrations 007 and 010).
  searchFunction: 'patients_search',
  titleField: 'name',
  defaultSort: '-created_at',
  menu: { order: 30, icon: 'user' },
  fields: {
    // The clinic's own count, on the patient's card and the prescription; found by the search box.
    file_number: { type: 'integer', readOnly: true, sequence: true, unique: true, dir: 'ltr', list: true, sortable: true, filterable: true },
    name: { type: 'string', required: true, minLength: 2, maxLength: 120, searchable: true, list: true, sortable: true },
    gender: { type: 'enum', enum: 'gender', required: true, list: true, filterable: true },
    // The same name (however typed) born the same day is most likely the same patient: the form warns.
    date_of_birth: { type: 'date', nullable: true, notFuture: true, list: true, sortable: true, filterable: true, warnExisting: 'withTitle' },
    phone: { type: 'phone', maxLength: 30, nullable: true, searchable: true, list: true, filterable: true, warnExisting: true },
    // For messages by e-mail where no phone takes them (resources/messages.ts).
    email: { type: 'email', maxLength: 254, nullable: true },
    national_id: { type: 'string', dir: 'ltr', maxLength: 40, nullable: true, encrypted: true, lookup: true, filterable: true, warnExisting: true },
    blood_group: { type: 'enum', enum: 'bloodGroup', dir: 'ltr', nullable: true, filterable: true },
    address: { type: 'string', maxLength: 255, nullable: true, encrypted: true },
    occupation: { type: 'string', maxLength: 120, nullable: true },
    emergency_contact: { type: 'string', maxLength: 120, nullable: true },
    // The language the patient reads: their receipts print in it and messages to them are written in it.
    language: { type: 'string', choices: ['ckb', 'ar', 'en'], labels: 'lang.{}', default: 'ckb', filterable: true },
    // Off: the patient asked for no messages (confirmations, reminders); what was waiting is not sent.
    reminders: { type: 'boolean', default: true, filterable: true },
    notes: { type: 'text', maxLength: 4000, nullable: true, encrypted: true },
    // Shown in the safety header, to confirm the right patient at the desk (issue 40).
    photo: { type: 'file', accept: 'image', nullable: true },
    // Papers of the patient's own (a result brought from outside), photographed or uploaded on the
    // patient's files tab; a visit's papers stay on the visit.
    documents: { ...attachments, hideInForm: true },
  },
});

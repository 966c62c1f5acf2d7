import { defineResource } from '../../src/shared/resource';

// Messages to patients about their bookings (issue 18): the durable outbox and the clinic's own
// wording. Kept by whoever runs the bookings (the appointments permission). How they are written,
// sent and retried: src/server/messages/.

/**
 * The clinic's own text of one kind of message in one language. Without one, the platform's text
 * (locales `messageTemplates.defaults`) is used. `{{patient}}`, `{{clinic}}`, `{{doctor}}`,
 * `{{date}}`, `{{time}}` and `{{link}}` are filled in; any other `{{...}}` is refused on the field.
 */
export const messageTemplates = defineResource({
  name: 'messageTemplates',
  path: 'message-templates',
  table: 'message_templates',
  scope: 'tenant',
  permission: 'appointments',
  route: 'settings/message-templates',
  titleField: 'kind',
  defaultSort: 'kind,language',
  menu: { order: 110, parent: 'settings' },
  fields: {
    kind: { type: 'enum', enum: 'messageKind', required: true, unique: true, uniqueWith: ['language'], list: true, filterable: true, sortable: true },
    language: { type: 'string', choices: ['ckb', 'ar', 'en'], labels: 'lang.{}', required: true, list: true, filterable: true, sortable: true },
    body: { type: 'text', required: true, minLength: 10, maxLength: 1000, list: true, searchable: true },
  },
});

/**
 * One message to a patient: written with the booking's change that calls for it (in the same
 * transaction), then sent once by a transport (WhatsApp, SMS, e-mail), or by the secretary from
 * the screen when none is configured (`manual`: a wa.me link with the text, then marked sent).
 * The text is sealed at rest like the rest of the patient's data.
 */
export const messages = defineResource({
  name: 'messages',
  path: 'messages',
  table: 'messages',
  scope: 'tenant',
  permission: 'appointments',
  patientData: true,
  // Written by the server only; marking sent or sending again: POST /messages/:id/sent|retry.
  actions: ['read'],
  titleField: 'kind',
  defaultSort: '-id',
  // The count beside it: what waits for the desk to send by hand.
  menu: { order: 24, icon: 'inbox', badge: { status: 'pending', channel: 'manual' } },
  fields: {
    patient_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, readOnly: true, list: true, filterable: true },
    appointment_id: { type: 'relation', relation: { resource: 'appointments', labelField: 'date' }, readOnly: true, nullable: true, list: true, filterable: true },
    kind: { type: 'enum', enum: 'messageKind', readOnly: true, list: true, filterable: true },
    channel: { type: 'string', choices: ['whatsapp', 'sms', 'email', 'manual'], labels: 'outbox.channel.{}', readOnly: true, list: true, filterable: true },
    status: {
      type: 'string',
      choices: ['pending', 'sending', 'sent', 'failed', 'cancelled'],
      labels: 'outbox.status.{}',
      tones: { pending: 'gold', sending: 'blue', sent: 'green', failed: 'red', cancelled: 'default' },
      readOnly: true,
      list: true,
      filterable: true,
    },
    // A phone (E.164) or an e-mail address, as it was when the message was written.
    recipient: { type: 'string', dir: 'ltr', readOnly: true, list: true },
    language: { type: 'string', choices: ['ckb', 'ar', 'en'], labels: 'lang.{}', readOnly: true },
    body: { type: 'text', readOnly: true, encrypted: true },
    attempts: { type: 'integer', readOnly: true },
    // When a transport tries it (again): retries wait longer each time.
    next_attempt_at: { type: 'datetime', readOnly: true, nullable: true, list: true, sortable: true },
    sent_at: { type: 'datetime', readOnly: true, nullable: true, list: true, sortable: true },
    // Who sent it from the screen (manual messages).
    sent_by: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true, nullable: true },
    // The transport's reason for the last failure.
    last_error: { type: 'string', readOnly: true, nullable: true },
  },
});

// The audit trail (issue 14), read-only through the API: a clinic's events for its Main Doctor,
// the platform staff's own actions for the Owner and the Developer. Events are written by the
// engine and the auth layer (src/server/audit/), never through these resources.
import { AUDIT_ACTIONS } from '../../src/shared/audit';
import { CENTRAL_ROLE } from '../../src/shared/roles';
import { type FieldDef, defineResource } from '../../src/shared/resource';

const readOnly = (field: FieldDef): FieldDef => ({ ...field, readOnly: true });

const fields: Record<string, FieldDef> = {
  at: readOnly({ type: 'datetime', list: true, sortable: true, filterable: true }),
  // No name: the platform itself (the subscription job).
  actor_name: readOnly({ type: 'string', list: true, searchable: true, emptyLabel: 'audit.platform' }),
  // Whose staff the actor is (the platform's, or the clinic's), and their role there.
  actor_scope: readOnly({ type: 'string', filterable: true, labels: 'audit.scopes.{}' }),
  user_id: readOnly({ type: 'integer', filterable: true }),
  actor_role: readOnly({ type: 'integer', list: true, labels: 'enums.{actor_scope}Role.{}' }),
  on_behalf_of: readOnly({ type: 'integer', filterable: true, list: true }),
  action: readOnly({ type: 'string', choices: AUDIT_ACTIONS, labels: 'audit.actions.{}', list: true, filterable: true }),
  resource: readOnly({ type: 'string', labels: 'resources.{}.title', list: true, filterable: true }),
  // Shown by the record's title (a doctor's name, a patient's), not its id.
  record_id: readOnly({ type: 'integer', list: true, filterable: true, recordOf: { field: 'resource' } }),
  patient_id: readOnly({ type: 'integer', list: true, filterable: true, recordOf: { resource: 'patients' } }),
  patient_ids: readOnly({ type: 'json' }),
  // The fields a change touched, by their labels.
  fields: readOnly({ type: 'json', list: true, fieldsOf: { field: 'resource' } }),
  ip: readOnly({ type: 'string', dir: 'ltr', list: true, filterable: true }),
  user_agent: readOnly({ type: 'string' }),
  // A change entered on a device during an internet cut (issue 37): when, by the device's clock,
  // and which device; sent later, so `at` is when the server took it.
  entered_offline_at: readOnly({ type: 'datetime', nullable: true, list: true }),
  device_id: readOnly({ type: 'string', nullable: true, dir: 'ltr' }),
};

const base = { path: 'audit', table: 'audit_events', appendOnly: true, actions: ['read'], titleField: 'action', defaultSort: '-at' } as const;

/** A clinic's activity: everything done in it, by its staff or by support with its consent. */
export const clinicAudit = defineResource({
  ...base,
  name: 'clinicAudit',
  scope: 'tenant',
  route: 'settings/activity',
  mainDoctorOnly: true,
  menu: { order: 105, parent: 'settings' },
  fields,
});

/** The platform staff's own actions (clinics suspended, renewed, deleted, requests decided...). */
export const centralAudit = defineResource({
  ...base,
  name: 'centralAudit',
  scope: 'central',
  route: 'activity',
  fixed: { actor_scope: 'central' },
  access: { read: [CENTRAL_ROLE.owner, CENTRAL_ROLE.developer], create: [], update: [], delete: [] },
  menu: { order: 95, icon: 'eye' },
  fields,
});

// Support access with the clinic's consent (issue 14): the Main Doctor lets one of the platform's
// staff into the clinic for a while, read-only or read-write, and may revoke it at once. Grants
// are kept (revoked, not deleted): they are what the audit trail's "on behalf of" names.
import { defineResource } from '../../src/shared/resource';

export default defineResource({
  name: 'supportGrants',
  path: 'supportGrants',
  table: 'support_grants',
  scope: 'tenant',
  route: 'settings/support',
  mainDoctorOnly: true,
  actions: ['read', 'create'],
  titleField: 'reason',
  defaultSort: '-created_at',
  menu: { order: 106, parent: 'settings' },
  fields: {
    // One of the platform's staff (GET /support/staff lists them for the form).
    user_id: { type: 'integer', min: 1, required: true, list: true, filterable: true },
    reason: { type: 'text', required: true, minLength: 3, maxLength: 500, list: true },
    read_only: { type: 'boolean', default: true, list: true, filterable: true },
    expires_at: { type: 'datetime', required: true, withinHours: 24, list: true, sortable: true },
    revoked_at: { type: 'datetime', readOnly: true, nullable: true, list: true, sortable: true },
    granted_by: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true },
  },
});

import { defineResource } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';
import { staffActions } from '../staffActions';

// Clinic staff. Only the Main Doctor manages them; the roles they may be given (`assignable`) are
// 1 to 3, offered by the form and enforced by the engine.
export default defineResource({
  name: 'tenantUsers',
  path: 'tenantUsers',
  route: 'users',
  table: 'tenant_users',
  scope: 'tenant',
  mainDoctorOnly: true,
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 90, icon: 'team' },
  recordActions: staffActions(TENANT_ROLE.mainDoctor),
  // The Main Doctor has every permission: no matrix on their page.
  panels: [{ name: 'permissions', unless: { role: TENANT_ROLE.mainDoctor } }],
  fields: {
    name: { type: 'string', required: true, maxLength: 120, searchable: true, list: true, sortable: true },
    username: { type: 'string', dir: 'ltr', lowercase: true, required: true, minLength: 3, maxLength: 60, pattern: '^[a-z0-9._-]+$', unique: true, searchable: true, list: true, sortable: true },
    email: { type: 'email', maxLength: 200, nullable: true, searchable: true, list: true },
    phone: { type: 'phone', maxLength: 30, nullable: true, searchable: true },
    role: { type: 'enum', enum: 'tenantRole', required: true, list: true, filterable: true, sortable: true, assignable: true },
    is_active: { type: 'boolean', default: true, list: true, filterable: true },
    password: { type: 'password', required: true, writeOnly: true, minLength: 12, maxLength: 128 },
  },
});

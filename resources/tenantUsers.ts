import { defineResource } from '../src/shared/resource';

// Clinic staff. Only the Main Doctor manages them; the roles they may be given are 1 to 3
// (checked in src/server/modules/tenantUsers.ts).
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

import { defineResource } from '../../src/shared/resource';
import { CENTRAL_ROLE, ROLE_GROUPS } from '../../src/shared/roles';
import { staffActions } from '../staffActions';

// The platform's own staff. Which roles a caller may give (`assignable`): ASSIGNABLE_CENTRAL_ROLES,
// offered by the form and enforced by the engine.
export default defineResource({
  name: 'users',
  path: 'users',
  table: 'users',
  scope: 'central',
  access: { read: ROLE_GROUPS.OWNERS, create: ROLE_GROUPS.OWNERS, update: ROLE_GROUPS.OWNERS, delete: ROLE_GROUPS.OWNERS },
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 30, icon: 'team' },
  recordActions: staffActions(CENTRAL_ROLE.owner),
  fields: {
    name: { type: 'string', required: true, maxLength: 120, searchable: true, list: true, sortable: true },
    username: { type: 'string', dir: 'ltr', lowercase: true, required: true, minLength: 3, maxLength: 60, pattern: '^[a-z0-9._-]+$', unique: true, searchable: true, list: true, sortable: true },
    email: { type: 'email', maxLength: 200, unique: true, nullable: true, searchable: true, list: true },
    phone: { type: 'phone', maxLength: 30, nullable: true, searchable: true },
    role: { type: 'enum', enum: 'centralRole', required: true, list: true, filterable: true, sortable: true, assignable: true },
    is_active: { type: 'boolean', default: true, list: true, filterable: true },
    password: { type: 'password', required: true, writeOnly: true, minLength: 12, maxLength: 128 },
  },
});

import { defineResource } from '../../src/shared/resource';
import { ROLE_GROUPS } from '../../src/shared/roles';
import { SUBDOMAIN_PATTERN } from '../../src/shared/host';

// Doctors: each one is a clinic (tenant). Creating one provisions its Main Doctor account with the
// username and password given here, a subscription, its first invoice and plan history
// (src/server/modules/tenants.ts).
export default defineResource({
  name: 'tenants',
  path: 'tenants',
  route: 'doctors',
  // Deleting a clinic (through an approved request) removes the clinic with all its data.
  deletePolicy: 'cascade',
  table: 'tenants',
  scope: 'central',
  // Admins may ask for changes: theirs become requests the Owner or a Developer decides.
  access: { read: ROLE_GROUPS.MANAGERS, create: ROLE_GROUPS.MANAGERS, update: ROLE_GROUPS.MANAGERS, delete: ROLE_GROUPS.MANAGERS },
  titleField: 'name',
  defaultSort: '-created_at',
  menu: { order: 20, icon: 'medicine-box' },
  fields: {
    name: { type: 'string', required: true, maxLength: 120, searchable: true, list: true, sortable: true },
    subdomain: { type: 'string', dir: 'ltr', lowercase: true, required: true, minLength: 2, maxLength: 63, pattern: SUBDOMAIN_PATTERN, unique: true, searchable: true, filterable: true, list: true, sortable: true },
    username: { type: 'string', dir: 'ltr', lowercase: true, required: true, minLength: 3, maxLength: 60, pattern: '^[a-z0-9._-]+$', searchable: true },
    password: { type: 'password', required: true, writeOnly: true, virtual: true, minLength: 12, maxLength: 128 },
    email: { type: 'email', maxLength: 200, nullable: true, searchable: true },
    phone: { type: 'phone', maxLength: 30, nullable: true, searchable: true, list: true },
    gender: { type: 'enum', enum: 'gender', nullable: true, filterable: true, list: true },
    date_of_birth: { type: 'date', nullable: true, sortable: true },
    education_id: { type: 'relation', relation: { resource: 'educations', labelField: 'name_en' }, nullable: true, filterable: true },
    experience_years: { type: 'integer', min: 0, max: 80, nullable: true },
    skill: { type: 'string', maxLength: 120, nullable: true, searchable: true, list: true },
    city_id: { type: 'relation', relation: { resource: 'cities', labelField: 'name_en' }, nullable: true, filterable: true, list: true },
    region: { type: 'string', maxLength: 80, nullable: true },
    address: { type: 'string', maxLength: 255, nullable: true },
    profile_picture: { type: 'file', accept: 'image', nullable: true },
    national_id_file: { type: 'file', nullable: true },
    passport_file: { type: 'file', nullable: true },
    residence_code: { type: 'string', dir: 'ltr', maxLength: 60, nullable: true },
    tax_code: { type: 'string', dir: 'ltr', maxLength: 60, nullable: true },
    security_code: { type: 'string', dir: 'ltr', maxLength: 60, nullable: true },
    domain: { type: 'string', dir: 'ltr', maxLength: 255, nullable: true },
    owner_name: { type: 'string', maxLength: 120, nullable: true },
    plan_id: { type: 'relation', relation: { resource: 'plans', labelField: 'type_en' }, required: true, filterable: true, list: true },
    status: { type: 'enum', enum: 'accountStatus', default: 0, filterable: true, list: true, sortable: true },
    // Optional modules (src/shared/modules.ts), switched on by the platform per clinic.
    module_legal: { type: 'boolean', default: false, filterable: true },
    subscription_start: { type: 'date', readOnly: true, sortable: true },
    subscription_end: { type: 'date', readOnly: true, sortable: true, list: true, filterable: true },
  },
});

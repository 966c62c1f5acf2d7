import { defineResource } from '../../src/shared/resource';
import { ROLE_GROUPS } from '../../src/shared/roles';

export default defineResource({
  name: 'plans',
  path: 'plans',
  table: 'plans',
  scope: 'central',
  // Admins read plans to pick one for a doctor; only Owner and Developer manage them.
  access: { read: ROLE_GROUPS.MANAGERS, create: ROLE_GROUPS.OWNERS, update: ROLE_GROUPS.OWNERS, delete: ROLE_GROUPS.OWNERS },
  titleField: 'type_en',
  defaultSort: 'price',
  menu: { order: 40, icon: 'crown' },
  fields: {
    type_en: { type: 'string', required: true, maxLength: 100, searchable: true, list: true, sortable: true },
    type_ar: { type: 'string', required: true, maxLength: 100, searchable: true },
    type_ckb: { type: 'string', required: true, maxLength: 100, searchable: true, list: true },
    price: { type: 'money', required: true, min: 0, max: 10_000_000, list: true, sortable: true, filterable: true },
    discount: { type: 'integer', min: 0, max: 100, default: 0, unit: '%', list: true, sortable: true },
    recommended: { type: 'boolean', default: false, list: true, filterable: true },
    max_users: { type: 'integer', required: true, min: 1, max: 10_000, list: true, sortable: true },
    max_visitings: { type: 'integer', required: true, min: 0, max: 10_000_000, list: true, sortable: true },
    max_cases: { type: 'integer', min: 0, max: 10_000_000, default: 0 },
    max_storage_gb: { type: 'integer', required: true, min: 1, max: 100_000, unit: 'GB', list: true, sortable: true },
    support: { type: 'boolean', default: true },
    features_en: { type: 'text', maxLength: 4000 },
    features_ar: { type: 'text', maxLength: 4000 },
    features_ckb: { type: 'text', maxLength: 4000 },
    image: { type: 'file', accept: 'image', publicFile: true, nullable: true },
  },
});

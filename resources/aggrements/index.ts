import { defineResource } from '../../src/shared/resource';
import { ROLE_GROUPS } from '../../src/shared/roles';

// The platform's agreements (terms) in three languages; clinics read them through
// GET /central/aggrements. The path keeps the product contract's spelling.
export default defineResource({
  name: 'aggrements',
  path: 'aggrements',
  table: 'agreements',
  scope: 'central',
  route: 'settings/aggrements',
  access: { read: ROLE_GROUPS.ALL_CENTRAL, create: ROLE_GROUPS.ALL_CENTRAL, update: ROLE_GROUPS.ALL_CENTRAL, delete: ROLE_GROUPS.ALL_CENTRAL },
  titleField: 'title_en',
  defaultSort: 'position',
  menu: { order: 92, parent: 'settings' },
  fields: {
    position: { type: 'integer', min: 0, max: 10_000, default: 0, sortable: true, list: true },
    title_en: { type: 'string', required: true, maxLength: 200, searchable: true, list: true },
    title_ar: { type: 'string', required: true, maxLength: 200, searchable: true },
    title_ckb: { type: 'string', required: true, maxLength: 200, searchable: true, list: true },
    body_en: { type: 'text', required: true, maxLength: 20_000 },
    body_ar: { type: 'text', required: true, maxLength: 20_000 },
    body_ckb: { type: 'text', required: true, maxLength: 20_000 },
  },
});

import { defineResource } from '../src/shared/resource';

export default defineResource({
  name: 'drugs',
  path: 'drugs',
  table: 'drugs',
  // A drug in an old prescription is archived, not deleted: the visit still shows and saves it.
  deletePolicy: 'archive',
  scope: 'tenant',
  route: 'categories/drugs',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 62, icon: 'medicine-box', parent: 'categories' },
  fields: {
    name: { type: 'string', required: true, maxLength: 160, unique: true, searchable: true, list: true, sortable: true },
    scientific_name: { type: 'string', maxLength: 160, nullable: true, searchable: true, list: true },
    form: { type: 'string', maxLength: 60, nullable: true, list: true, filterable: true },
    strength: { type: 'string', maxLength: 60, nullable: true, list: true },
    notes: { type: 'text', maxLength: 2000, nullable: true },
  },
});

import { defineResource } from '../../src/shared/resource';

// The active ingredients the clinic's drugs are made of, each with its class: what the allergy
// check reads (src/shared/allergies.ts). Every clinic starts with a list of common ones
// (shared/drug-classes.ts STARTER_INGREDIENTS) and adds its own.
export const ingredients = defineResource({
  name: 'ingredients',
  path: 'ingredients',
  table: 'ingredients',
  deletePolicy: 'archive',
  scope: 'tenant',
  route: 'categories/ingredients',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 62.5, parent: 'categories' },
  fields: {
    name: { type: 'string', required: true, maxLength: 160, unique: true, searchable: true, list: true, sortable: true },
    drug_class: { type: 'enum', enum: 'drugClass', nullable: true, list: true, filterable: true, sortable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true },
  },
});

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
    // What it contains ("Augmentin": amoxicillin and clavulanic acid), checked against allergies.
    ingredients: {
      type: 'list',
      maxItems: 10,
      items: {
        ingredient_id: { type: 'relation', relation: { resource: 'ingredients', labelField: 'name' }, required: true },
        name: { type: 'string', readOnly: true },
      },
    },
    form: { type: 'string', maxLength: 60, nullable: true, list: true, filterable: true },
    strength: { type: 'string', maxLength: 60, nullable: true, list: true },
    notes: { type: 'text', maxLength: 2000, nullable: true },
  },
});

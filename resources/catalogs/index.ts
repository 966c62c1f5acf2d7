// The clinic's reference lists (docs/product.md#catalogs-tasks-and-the-legal-practice-module). Same shape each, so one builder.
import { defineResource } from '../../src/shared/resource';
import { defineMenuGroup } from '../../src/shared/menu';

function catalog<const N extends string>(name: N, route: string, order: number) {
  return defineResource({
    name,
    path: name,
    table: route.replace(/-/g, '_'),
    scope: 'tenant',
    // Items used in visits or patients' records are archived, so old visits keep their names.
    deletePolicy: 'archive',
    route: `categories/${route}`,
    titleField: 'name',
    defaultSort: 'name',
    menu: { order, parent: 'categories' },
    fields: {
      name: { type: 'string', required: true, maxLength: 160, unique: true, searchable: true, list: true, sortable: true },
      description: { type: 'text', maxLength: 2000, nullable: true, searchable: true, list: true },
    },
  });
}

export const commonDiseases = catalog('commonDiseases', 'common-diseases', 61);
export const examinations = catalog('examinations', 'examinations', 63);
export const lifeStyles = catalog('lifeStyles', 'life-styles', 64);
// The path keeps the product contract's spelling.
export const physicalTheraphies = catalog('physicalTheraphies', 'physical-theraphies', 65);

/** The menu group of the clinic's catalogs; it opens the common diseases. */
export const categoriesMenu = defineMenuGroup({ key: 'categories', scope: 'tenant', path: 'categories', opens: 'common-diseases', order: 50, icon: 'appstore', access: 'anyone' });

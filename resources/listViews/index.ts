// A person's saved views of a list (issue 19, working lists): a name, the list's address query
// (filters, search, sort, page size) and the columns shown, kept per user on the server so they
// follow the person to another device. Each row is its maker's own (the row filter): someone
// else's view answers 404. The generated list page offers them above every list.
import { type FieldDef, defineResource, ownRows } from '../../src/shared/resource';
import { ROLE_GROUPS } from '../../src/shared/roles';

const fields: Record<string, FieldDef> = {
  // The declaration's name (`patients`): which list the view is of.
  resource: { type: 'string', required: true, maxLength: 60, filterable: true, list: true },
  name: { type: 'string', required: true, minLength: 1, maxLength: 80, searchable: true, sortable: true, list: true },
  // The list's query string as its address holds it.
  search: { type: 'string', dir: 'ltr', maxLength: 2000, default: '' },
  // The columns shown, comma separated, in order; empty: the declaration's.
  columns: { type: 'string', dir: 'ltr', maxLength: 2000, nullable: true },
};

const base = {
  path: 'list-views',
  table: 'list_views',
  titleField: 'name',
  defaultSort: 'name',
  rowFilter: ownRows({ column: 'user_id', equals: 'caller.user_id' }),
  fields,
} as const;

/** The platform staff's saved views. */
export const listViews = defineResource({
  ...base,
  name: 'listViews',
  scope: 'central',
  route: 'settings/views',
  fixed: { scope: 'central' },
  access: { read: ROLE_GROUPS.ALL_CENTRAL, create: ROLE_GROUPS.ALL_CENTRAL, update: ROLE_GROUPS.ALL_CENTRAL, delete: ROLE_GROUPS.ALL_CENTRAL },
});

/** A clinic staff member's saved views. */
export const clinicListViews = defineResource({
  ...base,
  name: 'clinicListViews',
  scope: 'tenant',
  route: 'settings/views',
  fixed: { scope: 'tenant' },
  anyStaff: true,
});

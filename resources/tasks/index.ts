import { defineResource } from '../../src/shared/resource';
import { attachments } from '../attachments';

// The clinic's to-do list: every logged-in staff member works on it (docs/product.md#catalogs-tasks-and-the-legal-practice-module).
export default defineResource({
  name: 'tasks',
  // Done tasks are cleared a page at a time.
  bulkDelete: true,
  path: 'tasks',
  table: 'tasks',
  scope: 'tenant',
  anyStaff: true,
  titleField: 'title',
  defaultSort: 'is_done,priority,end_day',
  menu: { order: 70, icon: 'check-square' },
  checks: [{ field: 'end_day', op: '>=', other: 'start_day' }],
  fields: {
    title: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
    description: { type: 'text', maxLength: 4000, nullable: true, searchable: true },
    // Company, individual and customer tasks (docs/product.md#catalogs-tasks-and-the-legal-practice-module).
    kind: { type: 'string', choices: ['individual', 'company', 'customer'], labels: 'resources.tasks.kinds.{}', default: 'individual', list: true, filterable: true },
    priority: { type: 'enum', enum: 'priority', default: 1, list: true, filterable: true, sortable: true },
    start_day: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    end_day: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    is_done: { type: 'boolean', default: false, list: true, filterable: true, sortable: true, toggle: true },
    attachments,
  },
});

import { defineResource } from '../src/shared/resource';
import { attachments } from './attachments';

// The clinic's to-do list: every logged-in staff member works on it (SPEC.md section 2).
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
    // SPEC.md section 3: company, individual and customer tasks.
    kind: { type: 'string', choices: ['individual', 'company', 'customer'], labels: 'resources.tasks.kinds.{}', default: 'individual', list: true, filterable: true },
    priority: { type: 'enum', enum: 'priority', default: 1, list: true, filterable: true, sortable: true },
    start_day: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    end_day: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    is_done: { type: 'boolean', default: false, list: true, filterable: true, sortable: true, toggle: true },
    attachments,
  },
});

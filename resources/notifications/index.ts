// Notifications of the staff of both applications (issue 16): each row is one person's, written by
// the server (src/server/modules/notifications.ts), read, marked read (is_read) and dismissed
// through the generated routes. The rule's row filter keeps every action to the caller's own rows:
// someone else's notification answers 404, as if it did not exist. The bell's call
// (GET /dashboard/notifications) reads through the same declaration.
import { type FieldDef, defineResource, ownRows } from '../../src/shared/resource';
import { ROLE_GROUPS } from '../../src/shared/roles';

const fields: Record<string, FieldDef> = {
  kind: { type: 'string', readOnly: true, filterable: true, list: true, labels: 'notificationsPage.kinds.{}' },
  data: { type: 'json', readOnly: true },
  // Rendered from kind and data in the reader's language (the present hook).
  message: { type: 'string', readOnly: true, computed: true, list: true },
  // 0 unread, 1 read (the seed's numbers): filter[is_read]=0 is the unread tab.
  is_read: { type: 'integer', min: 0, max: 1, required: true, filterable: true, list: true, labels: 'notificationsPage.state.{}' },
};

const base = {
  path: 'notifications',
  table: 'notifications',
  actions: ['read', 'update', 'delete'],
  titleField: 'kind',
  defaultSort: '-created_at',
  rowFilter: ownRows({ column: 'user_id', equals: 'caller.user_id' }),
  fields,
} as const;

/** The platform staff's notifications (every central role has some: requests, renewals...). */
export const notifications = defineResource({
  ...base,
  name: 'notifications',
  scope: 'central',
  // The notifications screen (pages/central/NotificationsPage) lives at /notifications.
  route: 'notifications/list',
  fixed: { scope: 'central' },
  access: { read: ROLE_GROUPS.ALL_CENTRAL, create: [], update: ROLE_GROUPS.ALL_CENTRAL, delete: ROLE_GROUPS.ALL_CENTRAL },
});

/** A clinic staff member's notifications (support access granted, a renewal due...). */
export const clinicNotifications = defineResource({
  ...base,
  name: 'clinicNotifications',
  scope: 'tenant',
  route: 'notifications',
  fixed: { scope: 'tenant' },
  anyStaff: true,
});

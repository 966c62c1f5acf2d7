// The header bell's data, in both applications: GET /dashboard/notifications → the latest
// notifications and the unread count (the data provider's custom call: the store lives outside
// React). Marking read is an action (useAction); the bell is read again after it.
import type { ActionCall } from '../engine/useAction';
import { customRequest } from './custom';
import { createLiveStore } from './liveStore';

export interface NotificationItem {
  id: number;
  kind: string;
  data?: Record<string, unknown> | null;
  message: string;
  is_read: number | boolean;
  created_at: string;
}

export interface BellState {
  notifications: NotificationItem[];
  unread: number;
}

export function parseBell(body: unknown): BellState {
  const b = (body ?? {}) as { notifications?: unknown; unread?: unknown };
  const notifications = Array.isArray(b.notifications) ? (b.notifications as NotificationItem[]) : [];
  const unread = typeof b.unread === 'number' ? b.unread : notifications.filter((n) => !n.is_read).length;
  return { notifications, unread };
}

// Refreshed when the caller's notifications change (each application's resource of them).
export const bell = createLiveStore<BellState>(
  async () => parseBell((await customRequest({ url: '/dashboard/notifications', method: 'get', meta: { quiet: true } })).data),
  { notifications: [], unread: 0 },
  ['notifications', 'clinicNotifications'],
);

/** Every notification of mine read; the answer's message says so. */
export const markAllRead: ActionCall<{ message?: string } | undefined> = { url: '/dashboard/notifications/markAllAsRead', method: 'put' };

/** One notification read (opened from its link), quietly: the bell refreshes on its own anyway. */
export const markRead = (id: number): ActionCall<unknown> => ({ url: `/notifications/${id}`, method: 'patch', values: { is_read: 1 }, meta: { quiet: true }, failure: false });

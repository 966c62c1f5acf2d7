// The header bell's data, in both applications: GET /dashboard/notifications → the latest
// notifications and the unread count. Marking all read refreshes it.
import { api } from './http';
import { createPolledStore } from './polledStore';

export interface NotificationItem {
  id: number;
  kind: string;
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

export const bell = createPolledStore<BellState>(async () => parseBell(await api('/dashboard/notifications', { quiet: true })), { notifications: [], unread: 0 });

export async function markAllRead(): Promise<string | undefined> {
  const body = await api<{ message?: string }>('/dashboard/notifications/markAllAsRead', { method: 'PUT' });
  await bell.refresh();
  return body?.message;
}

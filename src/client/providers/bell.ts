// The header bell's data, in both applications: GET /dashboard/notifications → the latest
// notifications and the unread count. Marking all read refreshes it.
import { api } from './http';
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
export const bell = createLiveStore<BellState>(async () => parseBell(await api('/dashboard/notifications', { quiet: true })), { notifications: [], unread: 0 }, ['notifications', 'clinicNotifications']);

export async function markAllRead(): Promise<string | undefined> {
  const body = await api<{ message?: string }>('/dashboard/notifications/markAllAsRead', { method: 'PUT' });
  await bell.refresh();
  return body?.message;
}

/** One notification read (opened from its link): through the declared resource's update. */
export async function markRead(id: number): Promise<void> {
  await api(`/notifications/${id}`, { method: 'PATCH', body: { is_read: 1 }, quiet: true });
  await bell.refresh();
}

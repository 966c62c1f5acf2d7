// The header bell's data, in both applications: GET /dashboard/notifications → the latest
// notifications and the unread count, kept in Refine's query cache (useApiGet) and read again when
// the caller's notifications change. Marking read is an action (useAction) that reads it again.
import { useMemo } from 'react';
import type { ActionCall } from '../engine/useAction';
import { useApiGet } from '../engine/useApiGet';

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

export const BELL_URL = '/dashboard/notifications';
// Each application's resource of the caller's notifications.
const BELL_LIVE = ['notifications', 'clinicNotifications'] as const;

/** The bell's notifications and unread count (none while loading; the last ones kept on a failure). */
export function useBell(): BellState & { refetch: () => unknown } {
  const { data, refetch } = useApiGet(BELL_URL, undefined, true, BELL_LIVE, true);
  return { ...useMemo(() => parseBell(data), [data]), refetch };
}

/** Every notification of mine read; the answer's message says so. */
export const markAllRead: ActionCall<{ message?: string } | undefined> = { url: '/dashboard/notifications/markAllAsRead', method: 'put', refreshes: [BELL_URL] };

/** One notification read (opened from its link), quietly. */
export const markRead = (id: number): ActionCall<unknown> => ({ url: `/notifications/${id}`, method: 'patch', values: { is_read: 1 }, meta: { quiet: true }, failure: false, refreshes: [BELL_URL] });

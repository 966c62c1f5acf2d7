// Pure helpers of the doctors' screens: days left on a subscription, and which status actions an
// account in a given status offers.
import dayjs from 'dayjs';
import { clinicNow } from '../../engine/clinicDay';

/**
 * Whole days from today (the platform's day, on any device; a wall-clock Date) to the
 * subscription's end (negative once it has ended); null without a date.
 */
export function remainingDays(subscriptionEnd: unknown, today: Date = clinicNow().toDate()): number | null {
  if (typeof subscriptionEnd !== 'string' || !subscriptionEnd) return null;
  const end = dayjs(subscriptionEnd.slice(0, 10));
  if (!end.isValid()) return null;
  const start = dayjs(today).startOf('day');
  return Math.round(end.startOf('day').diff(start, 'day', true));
}

export type RemainingTone = 'expired' | 'soon' | 'ok' | 'suspended' | 'archived';

/**
 * Expired when the end has passed (0 days left still counts as the last day). A clinic that is
 * not running says so whatever its days: suspended or archived, never a green "304 days left".
 */
export function remainingTone(days: number, status: number = ACCOUNT_STATUS.active): RemainingTone {
  if (status === ACCOUNT_STATUS.archived) return 'archived';
  if (status === ACCOUNT_STATUS.suspended) return 'suspended';
  if (days < 0) return 'expired';
  if (days <= 30) return 'soon';
  return 'ok';
}

export const ACCOUNT_STATUS = { active: 0, suspended: 1, archived: 2 } as const;

export interface StatusAction {
  key: 'suspend' | 'archive' | 'reactivate';
  status: number;
}

/** The status changes offered for an account in `status`. */
export function statusActions(status: number): StatusAction[] {
  const all: StatusAction[] = [
    { key: 'suspend', status: ACCOUNT_STATUS.suspended },
    { key: 'archive', status: ACCOUNT_STATUS.archived },
    { key: 'reactivate', status: ACCOUNT_STATUS.active },
  ];
  return all.filter((a) => a.status !== status);
}

// Today's queue: appointments grouped by status in the order the front desk works them, and the
// one-click moves offered from each status.

import { APPOINTMENT_STATUS as STATUS } from '../../../../shared/enums';

export { STATUS };

/** Column order of the queue. */
export const QUEUE_ORDER: readonly number[] = [STATUS.waiting, STATUS.late, STATUS.active, STATUS.lab, STATUS.postponed, STATUS.refer, STATUS.done, STATUS.cancelled];

export interface QueueItem {
  id: number | string;
  status: number;
  time?: string | null;
}

export function groupQueue<T extends QueueItem>(items: readonly T[]): { status: number; items: T[] }[] {
  const byTime = [...items].sort((a, b) => String(a.time ?? '').localeCompare(String(b.time ?? '')));
  return QUEUE_ORDER.map((status) => ({ status, items: byTime.filter((i) => Number(i.status) === status) }));
}

/** The statuses an appointment can be moved to with one click. */
export function nextMoves(status: number): number[] {
  switch (status) {
    case STATUS.active:
      return [STATUS.waiting, STATUS.late, STATUS.postponed, STATUS.cancelled];
    case STATUS.waiting:
      return [STATUS.done, STATUS.lab, STATUS.refer];
    case STATUS.late:
      return [STATUS.waiting, STATUS.postponed, STATUS.cancelled];
    case STATUS.lab:
      return [STATUS.waiting, STATUS.done];
    case STATUS.postponed:
      return [STATUS.active];
    case STATUS.refer:
      return [STATUS.done];
    // Booked again (the patient changed their mind, or it was cancelled by mistake).
    case STATUS.cancelled:
      return [STATUS.active];
    default:
      return [];
  }
}

/** "HH:MM" from the API's "HH:MM" or "HH:MM:SS". */
export function shortTime(time: unknown): string {
  return typeof time === 'string' ? time.slice(0, 5) : '';
}

/**
 * Who the doctor sees next after a visit: of the day's waiting patients (not the one just seen),
 * the first checked in, then the earliest booked.
 */
export function nextWaiting<T extends QueueItem & { checked_in_at?: string | null }>(items: readonly T[], seenId: number | string): T | undefined {
  return items
    .filter((i) => Number(i.status) === STATUS.waiting && String(i.id) !== String(seenId))
    .sort((a, b) => String(a.checked_in_at ?? '\uffff').localeCompare(String(b.checked_in_at ?? '\uffff')) || String(a.time ?? '').localeCompare(String(b.time ?? '')))[0];
}

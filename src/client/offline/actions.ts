// Actions (writes to an endpoint of their own) a desk may do during an internet cut (issue 37),
// each made of the plain writes the outbox sends. Postponing a booking is, on the server, the
// booking set to Postponed and a new one made at the chosen slot (schedule-routes.ts, one
// transaction); kept on the device it is those two writes, in that order. Once replayed they are
// no longer one transaction: a new slot taken meanwhile is refused on its own and waits in Sync
// problems, whose "edit" asks for another slot, while the old booking stays postponed (what the
// desk meant). Pure: tested without a browser (tests/unit/offline-actions.test.ts).
import { APPOINTMENT_STATUS } from '../../shared/enums';
import { POSTPONE_CARRIED } from '../../shared/slots';
import type { QueuedWrite } from './outbox';
import { UUID } from '../providers/http';

type Row = Record<string, unknown>;

export interface OfflineAction {
  /** The record the action acts on, read from the device. */
  resource: string;
  id: string;
  /** The writes it is made of, given that record, the action's values and a new client reference. */
  writes: (record: Row, values: Row, ref: string) => QueuedWrite[];
}

const POSTPONE = /^\/appointments\/(-?\d+)\/postpone$/;

/**
 * An action the device could keep sends its Idempotency-Key as its new record's client reference,
 * and kept on the device its create carries the same (`writes`' ref: the key it went unanswered
 * with). So a postpone whose answer was lost, kept during the cut that followed and sent once the
 * link is back, finds the booking the first send made instead of asking for its slot again.
 */
export function withClientRef(values: unknown, key: string): unknown {
  return UUID.test(key) ? { ...(values as Record<string, unknown> | undefined), client_ref: key } : values;
}

/** The action a custom write is, when the device can keep it during a cut; null otherwise. */
export function offlineAction(url: string, method: string): OfflineAction | null {
  if (method.toLowerCase() !== 'post') return null;
  const match = POSTPONE.exec(url.split('?')[0]);
  return match ? { resource: 'appointments', id: match[1], writes: postponeWrites } : null;
}

/** A booking postponed to `slot` ({ date, time }): it becomes Postponed, a new one holds the slot. */
export function postponeWrites(booking: Row, slot: Row, ref: string): QueuedWrite[] {
  const carried = Object.fromEntries(POSTPONE_CARRIED.filter((k) => booking[k] !== undefined && booking[k] !== null).map((k) => [k, booking[k]]));
  const version = Number(booking.version);
  return [
    {
      resource: 'appointments',
      id: Number(booking.id),
      body: { status: APPOINTMENT_STATUS.postponed },
      ...(Number.isInteger(version) ? { version } : {}),
      original: booking,
    },
    { resource: 'appointments', body: { ...carried, date: slot.date, time: slot.time, status: APPOINTMENT_STATUS.active, client_ref: ref } },
  ];
}

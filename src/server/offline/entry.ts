// The headers a device sends with a change it queued during an internet cut (issue 37), both
// optional, on writes only:
//   X-Offline-Entered-At  when the user made the change, by the device's clock (RFC 3339 with a
//                         zone: 2026-05-04T07:41:09.123+03:00);
//   X-Device-Id           the device's own id (a UUID it makes once, offline/outbox.ts).
// The audit trail records both beside the server's own time; an offline operation's
// Idempotency-Key is kept 14 days instead of one. A malformed value is refused (422), never
// recorded; the device time is recorded as told (a device's clock may be wrong: `at` is the server's).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';

export interface OfflineEntry {
  /** The device's time of the change (ISO). */
  enteredAt: string;
  deviceId: string;
}

export const ENTERED_AT_HEADER = 'x-offline-entered-at';
export const DEVICE_HEADER = 'x-device-id';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** An RFC 3339 time naming a real day (the engine would roll 30 February over into March). */
function instant(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : null;
}
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request says it was entered offline (its headers already judged by offlineEntryOf). */
export function enteredOffline(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && request.headers[ENTERED_AT_HEADER] !== undefined;
}

/**
 * The request's offline entry, or null for a change made online (and for every read). Refuses
 * (422) a time that is not RFC 3339 or not a real instant, a device id that is not a UUID, and a
 * time without the device that made it.
 */
export function offlineEntryOf(request: FastifyRequest): OfflineEntry | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const at = one(request.headers[ENTERED_AT_HEADER]);
  const device = one(request.headers[DEVICE_HEADER]);
  if (at === undefined && device === undefined) return null;
  if (device === undefined || !UUID.test(device)) throw new ApiError(422, 'errors.deviceIdInvalid');
  if (at === undefined) return null;
  const time = instant(at);
  if (time === null) throw new ApiError(422, 'errors.offlineTimeInvalid');
  return { enteredAt: new Date(time).toISOString(), deviceId: device.toLowerCase() };
}

// The calls of the public screens (a clinic's booking page, a patient's booking link, the
// platform's laws): shown before any login, outside the logged-in application, so without Refine
// (not loaded there) and with nothing for the offline layer to keep. The pages call these, never
// the transport themselves; the application's screens go through the data provider instead
// (engine/useAction.ts).
import { api } from './http';
import { publicTimeZone } from '../engine/instant';

/** A read; its failure is the page's to show (no toast). */
export async function publicRead<T>(path: string, query?: Record<string, string | number>): Promise<T> {
  const qs = query ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString() : undefined;
  const answer = await api<T>(path, { query: qs, quiet: true });
  // An answer naming the clinic's zone (the booking offer) sets the day the page's calendars count
  // from: signed out, no user's answer carries it, and the device's day may be another.
  publicTimeZone((answer as { data?: { time_zone?: unknown } } | undefined)?.data?.time_zone);
  return answer;
}

/** A POST; a refusal (422) is the page's to show on its fields, any other failure is toasted. */
export function publicSend<T>(path: string, body?: unknown): Promise<T> {
  return api<T>(path, { method: 'POST', body });
}

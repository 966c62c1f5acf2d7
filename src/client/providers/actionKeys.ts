// A custom write (an action: a refund, a check-in, a renewal, a decision) and a record's delete
// under an Idempotency-Key and a deadline, as a record's create and change are (dataProvider.ts).
// They had neither: over a link that took the request and never brought the answer back, the action's
// button stayed busy for good, and the person's next try was a second refund.
// - Past WRITE_TIMEOUT_MS without an answer the write fails as unanswered (as when the link is cut).
// - Sent again (the same action, on the same address, with the same values) after it went
//   unanswered, it carries the same key: the server does it once, whether the first reached it or
//   not, and answers the repeat with the first one's answer.
// - Once answered (done, or refused) its key is spent: the same action again is a new one.
// A caller's own key (a form's submission) is kept as it is. A file's body (FormData) is sent
// as it is, with no key and no deadline: its multipart boundary differs at each send (the
// server could not tell a repeat), and a photo on a slow link may take longer than the deadline.
import type { CustomParams } from '@refinedev/core';
import { ApiError, newIdempotencyKey } from './http';

/** Keys of writes that went unanswered, by what they send (kept no longer than the server keeps answers). */
const unanswered = new Map<string, { key: string; at: number }>();
const KEPT_MS = 24 * 3600_000;

const KEY_HEADER = 'idempotency-key';

/** What a write sends, as one text; null for a file's body. */
export function sameWrite({ url, method, payload, query, headers }: Pick<CustomParams, 'url' | 'method' | 'payload' | 'query' | 'headers'>): string | null {
  if (typeof FormData !== 'undefined' && payload instanceof FormData) return null;
  return JSON.stringify([method, url, query ?? null, headers ?? null, payload ?? null]);
}

/** The key this write goes with: the caller's, the one it went unanswered with before, or a new one. */
export function keyFor(same: string, headers: Record<string, string> | undefined, now = Date.now()): string {
  const own = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === KEY_HEADER)?.[1];
  if (own) return own;
  const kept = unanswered.get(same);
  if (kept && now - kept.at < KEPT_MS) return kept.key;
  return newIdempotencyKey();
}

/** Notes how the write sent with `key` ended: unanswered keeps the key for its next send; anything else spends it. */
export function settled(same: string, key: string, error?: unknown, now = Date.now()): void {
  if (error instanceof ApiError && error.statusCode === 0) unanswered.set(same, { key, at: now });
  else unanswered.delete(same);
}

/** The key the write would go with now (for a write kept on the device instead: offline/actions.ts). */
export function pendingKey(params: CustomParams): string {
  const same = sameWrite(params);
  return same === null ? newIdempotencyKey() : keyFor(same, params.headers as Record<string, string> | undefined);
}

/**
 * Sends a custom write with its key and deadline (`send` is given the headers to add and whether a
 * deadline applies), and notes how it ended. `carry` puts the key in the body as well (an action
 * whose new record takes it as its client reference: offline/actions.ts).
 */
export async function keyedWrite<T>(params: CustomParams, send: (params: CustomParams, deadline: boolean) => Promise<T>, carry?: (payload: unknown, key: string) => unknown): Promise<T> {
  const same = sameWrite(params);
  if (same === null) return send(params, false);
  const headers = params.headers as Record<string, string> | undefined;
  const key = keyFor(same, headers);
  const hasOwn = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === KEY_HEADER);
  const keyed = hasOwn ? params : { ...params, headers: { ...headers, 'Idempotency-Key': key } };
  try {
    const answer = await send(carry ? { ...keyed, payload: carry(params.payload, key) } : keyed, true);
    settled(same, key);
    return answer;
  } catch (error) {
    settled(same, key, error);
    throw error;
  }
}

// The change feed's cursor (issue 36). It names what a device has seen by transaction visibility:
// `b`, the snapshot (pg_current_snapshot) of the read that last caught up. An entry is new to the
// device when its transaction was not visible in that snapshot, so a transaction that was still
// open then, and commits later with a lower sequence number than entries already sent, is sent
// next time instead of skipped. While a round is paged, `p` is the sequence number reached and `n`
// the snapshot taken at the round's first page, which becomes `b` when the round ends (entries
// committed during the round are then sent again, harmlessly: the feed sends rows, not deltas).
// Opaque to clients: base64url of a small JSON.

export interface Cursor {
  /** Snapshot of the last read that caught up ("xmin:xmax:xip,..."). */
  b: string;
  /** The sequence number this round has reached (0 at a round's start). */
  p: number;
  /** The snapshot taken at this round's first page; null at a round's start. */
  n: string | null;
}

const SNAPSHOT = /^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/;
const PREFIX = 'c1.';

export function encodeCursor(cursor: Cursor): string {
  return PREFIX + Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor, or null when the text is not one of ours (the route answers 422). */
export function decodeCursor(text: string): Cursor | null {
  if (!text.startsWith(PREFIX) || text.length > 20_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { b, p, n } = value as Record<string, unknown>;
  if (typeof b !== 'string' || !SNAPSHOT.test(b)) return null;
  if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 0) return null;
  if (n !== null && (typeof n !== 'string' || !SNAPSHOT.test(n))) return null;
  return { b, p, n };
}

/**
 * The cursor after a page: the same round further on when the page was full, else a new round
 * from the snapshot this round started with.
 */
export function nextCursor(cursor: Cursor, roundSnapshot: string, lastSeq: number | null, full: boolean): Cursor {
  const n = cursor.n ?? roundSnapshot;
  return full && lastSeq !== null ? { b: cursor.b, p: lastSeq, n } : { b: n, p: 0, n: null };
}

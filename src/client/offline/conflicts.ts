// What happens to a change the server refused as stale (412: someone saved the record since the
// device's version, issue 37 item 4): pure rules, tested without a browser
// (tests/unit/offline-conflicts.test.ts). A change to fields nobody else changed meanwhile is
// re-applied on the record as the server holds it now, and noted in the entry's history; a
// change the server holds already is done; a field both changed waits for the user (the Sync
// problems screen): nothing is overwritten or dropped without them.
import type { HistoryNote, OutboxEntry } from './outboxPlan';

type Row = Record<string, unknown>;

/** The same value as the server gives it back (a number may come back as text, a blank as null). */
export function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
  if (JSON.stringify(blank(a)) === JSON.stringify(blank(b))) return true;
  return (typeof a === 'number' || typeof b === 'number') && a !== null && b !== null && a !== '' && b !== '' && Number(a) === Number(b);
}

export type Settlement =
  /** Sent again on the server's version, with only what it does not hold yet. */
  | { kind: 'reapplied'; entry: OutboxEntry }
  /** The server holds every entered value already: nothing left to send. */
  | { kind: 'done' }
  /** These fields were changed on the server too, to something else: the user chooses. */
  | { kind: 'conflict'; fields: string[] };

/**
 * A change refused with 412, against the record as the server holds it now (`current`). `key`
 * is the new Idempotency-Key for sending it again (the refused request's is freed, but the
 * request differs now). A create, an entry without the values it was made on, or an answer
 * without the record cannot be judged: the user chooses.
 */
export function settleStale(entry: OutboxEntry, current: Row | undefined, at: string, key: string): Settlement {
  const fields = Object.keys(entry.body);
  if (entry.method !== 'PATCH' || !entry.base || !current) return { kind: 'conflict', fields };
  const base = entry.base;
  const theirs = fields.filter((f) => !sameValue(current[f], base[f]) && !sameValue(current[f], entry.body[f]));
  if (theirs.length) return { kind: 'conflict', fields: theirs };
  const body = Object.fromEntries(Object.entries(entry.body).filter(([f, v]) => !sameValue(current[f], v)));
  if (!Object.keys(body).length) return { kind: 'done' };
  const version = Number(current.version);
  if (!Number.isInteger(version) || version === entry.version) return { kind: 'conflict', fields };
  const note: HistoryNote = { at, what: 'reapplied', status: 412, version, fields: Object.keys(body) };
  const { problem: _problem, ...rest } = entry;
  return { kind: 'reapplied', entry: { ...rest, key, version, body, base: pick(current, Object.keys(body)), history: [...(entry.history ?? []), note] } };
}

/** "Apply mine": the entered values sent again on the server's version, over what it holds. */
export function applyMine(entry: OutboxEntry, current: Row | undefined, at: string, key: string): OutboxEntry {
  const { problem: _problem, ...rest } = entry;
  const version = current && Number.isInteger(Number(current.version)) ? Number(current.version) : entry.version;
  const note: HistoryNote = { at, what: 'applyMine', ...(entry.problem ? { status: entry.problem.status } : {}), ...(version !== undefined ? { version } : {}) };
  return { ...rest, key, ...(version !== undefined && entry.method === 'PATCH' ? { version } : {}), ...(current ? { base: pick(current, Object.keys(entry.body)) } : {}), history: [...(entry.history ?? []), note] };
}

export function pick(row: Row, fields: readonly string[]): Row {
  return Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));
}

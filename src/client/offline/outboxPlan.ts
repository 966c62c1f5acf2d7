// What the outbox sends next, and how what landed rewrites what waits (issue 37): plain data and
// pure functions, free of IndexedDB and the network, so the rules are tested without a browser
// (tests/unit/offline-outbox.test.ts). The store and the sender are outbox.ts.
//
// A record made offline has no server id yet: the screens know it by a provisional id (the
// negative of its entry's number) and the outbox by its client reference (a UUID). Changes to it,
// and records naming it (a booking for a patient registered offline), wait until it lands; then
// they are rewritten to its real id, and a change is sent on the version the server gave it.

/** Which record an entry is about: one the server has (its id), or one made offline (its reference). */
export type Target = { id: number } | { ref: string };

/** A field of the body naming a record made offline that had not landed when the entry was queued. */
export interface Dependency {
  field: string;
  resource: string;
  ref: string;
}

/** What the server answered when it refused an entry: it waits for the user (Sync problems). */
export interface Problem {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
  /** 412: the record as the server holds it now. */
  current?: Record<string, unknown>;
}

export interface OutboxEntry {
  /** The entry's number on this device: the order of sending (IndexedDB's key). */
  seq: number;
  /** Its own Idempotency-Key: sent again after a lost answer, it is answered, not done twice. */
  key: string;
  /** The user who made it: only their session sends it. */
  userId: number;
  resource: string;
  method: 'POST' | 'PATCH';
  target: Target;
  /** A create's client reference (the record's `client_ref`). */
  clientRef?: string;
  /** If-Match: the version the change was made on; absent for a create. */
  version?: number;
  /** A create's fields, or only the fields a change changed. */
  body: Record<string, unknown>;
  /** When the user made it, by the device's clock (ISO): X-Offline-Entered-At. */
  enteredAt: string;
  dependsOn: Dependency[];
  problem?: Problem;
  /** A change: the changed fields' values in the record it was made on (what a conflict compares). */
  base?: Record<string, unknown>;
  /** What befell it on the way: refused, re-applied on a newer version, settled by the user. */
  history?: HistoryNote[];
}

/** One line of an entry's history (shown on the Sync problems screen). */
export interface HistoryNote {
  /** When (the device's clock, ISO). */
  at: string;
  what: 'refused' | 'reapplied' | 'applyMine' | 'edited' | 'keepTheirs' | 'sent';
  status?: number;
  /** reapplied, applyMine: the version it was sent on from then. */
  version?: number;
  /** reapplied: the fields sent again. */
  fields?: string[];
}

/** A settled entry as the device's log keeps it (the Sync problems screen's "settled" list). */
export interface SettledEntry {
  resource: string;
  target: Target;
  body: Record<string, unknown>;
  enteredAt: string;
  history: HistoryNote[];
}

/** A record made offline, as it landed: its reference, its server id and version. */
export interface Landed {
  resource: string;
  ref: string;
  id: number;
  version: number;
}

/** The provisional id of the record an entry creates: what the screens call it until it lands. */
export const provisionalId = (seq: number): number => -seq;

/** One key per record, whatever the entry: the order of sending is kept per record. */
export function recordKey(resource: string, target: Target): string {
  return 'id' in target ? `${resource}/${target.id}` : `${resource}/ref:${target.ref}`;
}

/**
 * The entry to send next, or null: the oldest entry that is the oldest of its record, whose record
 * is not held by a refused entry, and whose dependencies have landed. An entry waiting on a
 * record whose create was refused waits with it.
 */
export function nextToSend(entries: readonly OutboxEntry[]): OutboxEntry | null {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  const seen = new Set<string>();
  const held = new Set<string>();
  for (const entry of ordered) {
    const record = recordKey(entry.resource, entry.target);
    const first = !seen.has(record);
    seen.add(record);
    if (entry.problem) {
      held.add(record);
      continue;
    }
    if (!first || held.has(record)) continue;
    // A dependency still in the outbox (its create not sent, or refused): wait for it.
    if (entry.dependsOn.some((d) => ordered.some((o) => o.method === 'POST' && o.resource === d.resource && o.clientRef === d.ref))) continue;
    return entry;
  }
  return null;
}

/**
 * The entries after a record made offline landed, rewritten to it: changes to it name its id and
 * are sent on its version, records naming it carry its id. The entries that changed, only.
 */
export function rewriteLanded(entries: readonly OutboxEntry[], landed: Landed): OutboxEntry[] {
  const changed: OutboxEntry[] = [];
  for (const entry of entries) {
    let next = entry;
    if ('ref' in entry.target && entry.target.ref === landed.ref && entry.resource === landed.resource && entry.method === 'PATCH') {
      next = { ...next, target: { id: landed.id }, version: next.version ?? landed.version };
    }
    const hits = next.dependsOn.filter((d) => d.ref === landed.ref && d.resource === landed.resource);
    if (hits.length) {
      const body = { ...next.body };
      for (const d of hits) body[d.field] = landed.id;
      next = { ...next, body, dependsOn: next.dependsOn.filter((d) => !hits.includes(d)) };
    }
    if (next !== entry) changed.push(next);
  }
  return changed;
}

/**
 * The entries after a change of a record went through, raising it from `from` to `to`: the
 * device's later changes of the same record made on `from` (or on nothing known) were made on
 * what this one left, so they go on its new version instead of meeting their own change as a
 * conflict. The entries that changed, only.
 */
export function rewriteSent(entries: readonly OutboxEntry[], sent: { resource: string; id: number; from: number | undefined; to: number }): OutboxEntry[] {
  return entries
    .filter((e) => e.method === 'PATCH' && e.resource === sent.resource && 'id' in e.target && e.target.id === sent.id && (e.version === undefined || e.version === sent.from))
    .map((e) => ({ ...e, version: sent.to }));
}

/**
 * A create's or change's relation fields holding a provisional id (a negative number), as
 * dependencies on the records made offline they name. `refOf` gives a provisional id's reference
 * (undefined: it landed already, `landedId` then gives its real id, written into the body).
 */
export function dependenciesOf(
  relations: Readonly<Record<string, string>>,
  body: Record<string, unknown>,
  refOf: (resource: string, provisional: number) => string | undefined,
  landedId: (resource: string, provisional: number) => number | undefined,
): { body: Record<string, unknown>; dependsOn: Dependency[] } {
  const out = { ...body };
  const dependsOn: Dependency[] = [];
  for (const [field, resource] of Object.entries(relations)) {
    const value = out[field];
    if (typeof value !== 'number' || value >= 0) continue;
    const landed = landedId(resource, value);
    if (landed !== undefined) {
      out[field] = landed;
      continue;
    }
    const ref = refOf(resource, value);
    if (!ref) throw new Error(`${field} names a record this device does not know (${resource} ${value})`);
    dependsOn.push({ field, resource, ref });
  }
  return { body: out, dependsOn };
}

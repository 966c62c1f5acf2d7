// The session lookups this process has made, so that a request costs no lookup round trip (about
// half of what a small read costs). Kept only while the database's change feed is live: anything a
// lookup returns announces its changes when they commit, from any process (migration 017), and
// that empties the cache. Entries also age out, a bound for anything unforeseen.
// A write through this process empties only what it can have changed: on a clinic's host, that
// clinic's lookups (a clinic's requests reach no other clinic's sessions, users or row); on the
// central host, all. With many clinics busy at once, emptying all on every write left the cache
// empty: every request paid the lookup again.

/** The channel migration 017's triggers notify. */
export const ACCESS_CHANGED = 'access_changed';

const MAX_AGE_MS = 60_000;
// Only real sessions and real clinics are kept, so the count is bounded by them; this caps memory.
const MAX_ENTRIES = 20_000;

/** Where a lookup is kept: the token's hash on a host (a clinic's subdomain; '' for the central host). */
export interface CacheKey {
  token: string;
  subdomain: string | null;
}

/** What `begin` hands to `set`: the generations the lookup began under. */
export interface Began {
  all: number;
  clinic: number;
}

export class SessionCache<Row> {
  private entries = new Map<string, { row: Row; at: number; subdomain: string }>();
  private bySubdomain = new Map<string, Set<string>>();
  private live = false;
  // A lookup that began before a change must not keep its answer, which may predate the change.
  private generation = 0;
  private clinicGenerations = new Map<string, number>();

  private static id(key: CacheKey): string {
    return `${key.token} ${key.subdomain ?? ''}`;
  }

  get(key: CacheKey, now: number): Row | undefined {
    const id = SessionCache.id(key);
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now - entry.at > MAX_AGE_MS) {
      this.remove(id);
      return undefined;
    }
    return entry.row;
  }

  /** Call before the lookup; hand the result to `set`. */
  begin(key: CacheKey): Began {
    return { all: this.generation, clinic: this.clinicGenerations.get(key.subdomain ?? '') ?? 0 };
  }

  set(key: CacheKey, row: Row, since: Began, now: number): void {
    const subdomain = key.subdomain ?? '';
    if (!this.live || since.all !== this.generation || since.clinic !== (this.clinicGenerations.get(subdomain) ?? 0)) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    const id = SessionCache.id(key);
    this.entries.set(id, { row, at: now, subdomain });
    const ids = this.bySubdomain.get(subdomain) ?? new Set<string>();
    ids.add(id);
    this.bySubdomain.set(subdomain, ids);
  }

  /** Something a lookup returns changed (a notification, or a write on the central host). */
  changed(): void {
    this.generation++;
    // Generations of single clinics count on from where they were: the new overall one tells them apart.
    this.clear();
  }

  /** A write on this clinic's host: its lookups (and only those) may be stale. */
  changedOnClinic(subdomain: string): void {
    this.clinicGenerations.set(subdomain, (this.clinicGenerations.get(subdomain) ?? 0) + 1);
    for (const id of this.bySubdomain.get(subdomain) ?? []) this.entries.delete(id);
    this.bySubdomain.delete(subdomain);
  }

  /** The change feed started or stopped; while stopped, changes may go unseen, so nothing is kept. */
  setLive(live: boolean): void {
    this.live = live;
    this.changed();
  }

  private clear(): void {
    this.entries.clear();
    this.bySubdomain.clear();
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bySubdomain.get(entry.subdomain)?.delete(id);
  }
}

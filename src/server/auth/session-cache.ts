// The session lookups this process has made, so that a request costs no lookup round trip (about
// half of what a small read costs). Kept only while the database's change feed is live: anything a
// lookup returns announces its changes when they commit, from any process (migration 017), and
// that empties the cache. Entries also age out, a bound for anything unforeseen.

/** The channel migration 017's triggers notify. */
export const ACCESS_CHANGED = 'access_changed';

const MAX_AGE_MS = 60_000;
// Only real sessions and real clinics are kept, so the count is bounded by them; this caps memory.
const MAX_ENTRIES = 20_000;

export class SessionCache<Row> {
  private entries = new Map<string, { row: Row; at: number }>();
  private live = false;
  // A lookup that began before a change must not keep its answer, which may predate the change.
  private generation = 0;

  get(key: string, now: number): Row | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.row;
  }

  /** Call before the lookup; hand the result to `set`. */
  begin(): number {
    return this.generation;
  }

  set(key: string, row: Row, since: number, now: number): void {
    if (!this.live || since !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { row, at: now });
  }

  /** Something a lookup returns changed (a notification). */
  changed(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The change feed started or stopped; while stopped, changes may go unseen, so nothing is kept. */
  setLive(live: boolean): void {
    this.live = live;
    this.changed();
  }
}

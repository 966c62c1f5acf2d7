// Read events, written in batches. A read of a patient's data must leave an event, but writing a
// row inside every read turns a one-millisecond select into a write (row, indexes, WAL) and cost
// reads over 40% of their throughput. So reads hand their event to this process-wide log, which
// appends everything pending in one multi-row insert every FLUSH_MS (or at once past MAX_PENDING),
// stamped with the time of the read. Changes keep writing their events in their own transaction.
// What this trades: if the process dies (kill -9, power), the reads of its last FLUSH_MS are not
// in the trail; a graceful stop flushes. A failed insert keeps the events and retries.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Actor, type AuditEvent, type Origin, type TimedEvent, recordEvents } from './events';

const FLUSH_MS = 100;
const MAX_PENDING = 200;
// Past this many unwritten events (the database unreachable for long), the oldest are dropped and
// reported rather than filling the memory.
const MAX_KEPT = 100_000;

type Pending = TimedEvent;

export class ReadLog {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (err: unknown, dropped: number) => void,
  ) {}

  /** Notes a read; it reaches the table within FLUSH_MS. */
  add(tenantId: number | null, actor: Actor | null, origin: Origin, event: AuditEvent): void {
    this.pending.push({ at: new Date(), tenantId, actor, origin, event });
    if (this.pending.length >= MAX_PENDING) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes everything noted so far (the audit reader calls it first, so it sees its own reads). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // One insert at a time, in order: a flush waits for the one before it.
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    if (!batch.length) return;
    this.pending = [];
    try {
      // The server's own connection (the table's owner, outside any clinic's row-level security):
      // one statement for every clinic's reads.
      await recordEvents(this.db, batch);
    } catch (err) {
      this.pending = [...batch, ...this.pending];
      const dropped = Math.max(0, this.pending.length - MAX_KEPT);
      if (dropped) this.pending = this.pending.slice(dropped);
      this.onError(err, dropped);
      if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(), FLUSH_MS * 10);
        this.timer.unref();
      }
    }
  }
}

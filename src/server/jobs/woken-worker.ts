// A background worker every server process runs over a queue kept in the database (clinic copies,
// messages to patients): woken by the database's notice on its channel (from any process), by a
// sweep every `sweepMs` (retries that came due, work a stopped process left), and at start. One
// round runs at a time; a wake during a round makes it look once more when done.
import type { Db } from '../db/index';

export abstract class WokenWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopFeed: (() => Promise<void>) | null = null;
  private sweep: NodeJS.Timeout | null = null;
  // Stopped: a notice already on its way (PostgreSQL may deliver one after UNLISTEN) starts no round;
  // a worker never started is woken by hand (tests, a rival in one process).
  private stopped = false;

  constructor(
    protected readonly db: Db,
    private readonly channel: string,
    private readonly sweepMs: number,
  ) {}

  /** One round: does what is due until nothing is. */
  protected abstract round(): Promise<void>;

  async start(): Promise<void> {
    this.stopped = false;
    this.stopFeed = await this.db.listen(this.channel, { notify: () => void this.wake(), live: (on) => on && void this.wake() });
    this.sweep = setInterval(() => void this.wake(), this.sweepMs);
    this.sweep.unref();
    void this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    await this.stopFeed?.();
    await this.running;
  }

  /** Works until nothing is waiting; a wake during work makes it look once more. */
  wake(): Promise<void> {
    if (this.stopped) return this.running ?? Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}

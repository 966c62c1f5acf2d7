// The platform's periodic work (issue 21): the subscription job, reminders to patients, the purge
// of released files and old idempotency keys, the sealing of data stored before encryption. Each
// is a row of scheduled_jobs (migration 053); every server process runs this scheduler, and a
// job's run is claimed in one statement (FOR UPDATE SKIP LOCKED) for a lease, so one process runs
// it and the others skip it. A success sets it due again after its interval; a failure after a
// backoff (30 s, 1, 2, 4... minutes, never longer than its interval), with the reason kept on the
// row. A process that dies mid-run loses the claim when the lease ends: the job runs again then.
// Times are the database's, the one clock every process shares.
// (Clinic copies and messages to patients are queues of their own rows: exports/worker.ts,
// messages/sender.ts.)
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { WokenWorker } from './woken-worker';

/** The channel that wakes every scheduler (a job set due by hand, or by a test). */
export const JOBS_DUE = 'scheduled_jobs_due';
const SWEEP_MS = 15_000;
const FIRST_BACKOFF_S = 30;
const DEFAULT_LEASE_S = 15 * 60;

export interface ScheduledJob {
  name: string;
  everySeconds: number;
  /** How long a run may hold its claim; past it another process may run the job. */
  leaseSeconds?: number;
  run(now: Date): Promise<unknown>;
}

export class Scheduler extends WokenWorker {
  readonly id = randomUUID();
  private readonly byName: Map<string, ScheduledJob>;

  constructor(
    db: Db,
    jobs: ScheduledJob[],
    private readonly clock: () => Date,
    private readonly onError: (err: unknown, job: string) => void = () => {},
  ) {
    super(db, JOBS_DUE, SWEEP_MS);
    this.byName = new Map(jobs.map((j) => [j.name, j]));
  }

  /** Makes sure every job has its row (due at once when new), then starts waking. */
  override async start(): Promise<void> {
    await this.register();
    await super.start();
  }

  /** Every job's row, made or brought up to date (a test may then run jobs by hand, nothing waking). */
  async register(): Promise<void> {
    for (const job of this.byName.values()) {
      await sql`insert into scheduled_jobs (name, every_seconds, lease_seconds) values (${job.name}, ${job.everySeconds}, ${job.leaseSeconds ?? DEFAULT_LEASE_S})
        on conflict (name) do update set every_seconds = excluded.every_seconds, lease_seconds = excluded.lease_seconds`.execute(this.db.kysely);
    }
  }

  protected async round(): Promise<void> {
    // The database out of reach: said in the log, and tried again at the next sweep.
    while (await this.runNext().catch((err: unknown) => (this.onError(err, 'scheduler'), false)));
  }

  /** Claims one job that is due and runs it; false when none is. */
  async runNext(): Promise<boolean> {
    const names = [...this.byName.keys()];
    if (!names.length) return false;
    const { rows } = await sql<{ name: string; failures: number }>`
      update scheduled_jobs set claimed_by = ${this.id}, last_started_at = now(), claimed_until = now() + make_interval(secs => lease_seconds)
      where name = (select name from scheduled_jobs
        where name in (${sql.join(names)}) and due_at <= now() and (claimed_until is null or claimed_until < now())
        order by due_at limit 1 for update skip locked)
      returning name, failures`.execute(this.db.kysely);
    const claimed = rows[0];
    if (!claimed) return false;
    const job = this.byName.get(claimed.name)!;
    try {
      await job.run(this.clock());
      await sql`update scheduled_jobs set due_at = now() + make_interval(secs => every_seconds), claimed_by = null, claimed_until = null,
          failures = 0, runs = runs + 1, last_finished_at = now(), last_error = null
        where name = ${job.name} and claimed_by = ${this.id}`.execute(this.db.kysely);
    } catch (err) {
      this.onError(err, job.name);
      const backoff = Math.min(job.everySeconds, FIRST_BACKOFF_S * 2 ** Number(claimed.failures));
      await sql`update scheduled_jobs set due_at = now() + make_interval(secs => ${backoff}::int), claimed_by = null, claimed_until = null,
          failures = failures + 1, runs = runs + 1, last_finished_at = now(), last_error = ${String(err instanceof Error ? err.message : err).slice(0, 500)}
        where name = ${job.name} and claimed_by = ${this.id}`.execute(this.db.kysely);
    }
    return true;
  }
}

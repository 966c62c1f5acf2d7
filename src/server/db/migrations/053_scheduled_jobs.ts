// The platform's periodic work as durable rows (issue 21): each job is due at a time, claimed by
// one server process at a time for a lease, and set due again when it ends (its next run after a
// success, a backoff after a failure). Every process runs the scheduler (src/server/jobs/
// scheduler.ts); none runs a job another holds, and a process that died mid-run loses its claim
// when the lease ends. Only the server's own role touches it: clinic requests never do.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table scheduled_jobs (
    name text primary key,
    every_seconds integer not null check (every_seconds > 0),
    -- How long a run may hold its claim before another process may take the job over.
    lease_seconds integer not null check (lease_seconds > 0),
    due_at timestamptz not null default now(),
    claimed_by text,
    claimed_until timestamptz,
    -- Failures in a row (the backoff grows with them); 0 after a success.
    failures integer not null default 0,
    runs bigint not null default 0,
    last_started_at timestamptz,
    last_finished_at timestamptz,
    last_error text)`.execute(db);
}

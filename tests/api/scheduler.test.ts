// The scheduler (issue 21): periodic jobs as rows, each run claimed by one scheduler at a time, set
// due again after its interval, retried after a backoff when it fails, taken over when the process
// that claimed it stopped. On PostgreSQL the rival scheduler has a pool of its own (as a second
// server process has); on the embedded database both share its one connection.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS } from '../../src/shared/enums';
import type { Db } from '../../src/server/db/index';
import { type ScheduledJob, Scheduler } from '../../src/server/jobs/scheduler';
import { type TestApp, startTestApp } from './harness';

let t: TestApp;
let rival: TestApp | null = null;
beforeAll(async () => {
  t = await startTestApp();
  if (process.env.TEST_DATABASE_URL) rival = await startTestApp({ beside: t });
});
afterAll(async () => {
  await rival?.close();
  await t?.close();
});

interface JobRow {
  name: string;
  due_at: Date;
  claimed_by: string | null;
  failures: number;
  runs: number;
  last_error: string | null;
}
const rowOf = async (name: string) => (await sql<JobRow>`select name, due_at, claimed_by, failures, runs::int as runs, last_error from scheduled_jobs where name = ${name}`.execute(t.db.kysely)).rows[0];
const makeDue = (name: string) => sql`update scheduled_jobs set due_at = now() - interval '1 second' where name = ${name}`.execute(t.db.kysely);
const secondsAhead = async (name: string) => Number((await sql<{ s: number }>`select extract(epoch from due_at - now())::float8 as s from scheduled_jobs where name = ${name}`.execute(t.db.kysely)).rows[0].s);

/** A job that counts its runs (and fails while `failing`). */
function counting(name: string, everySeconds = 600) {
  const job = {
    runs: 0,
    failing: false,
    hold: null as Promise<void> | null,
    def: {
      name,
      everySeconds,
      run: async () => {
        job.runs++;
        if (job.hold) await job.hold;
        if (job.failing) throw new Error('the gateway said no');
      },
    } satisfies ScheduledJob,
  };
  return job;
}
const schedulerOn = (db: Db, jobs: ScheduledJob[]) => new Scheduler(db, jobs, () => new Date());

describe('the scheduler', () => {
  it('runs a new job at once, then not again before its interval', async () => {
    const job = counting('t-once');
    const s = schedulerOn(t.db, [job.def]);
    await s.start();
    await s.wake();
    expect(job.runs).toBe(1);
    expect(await s.runNext()).toBe(false);
    const row = await rowOf('t-once');
    expect([row.runs, row.claimed_by, row.failures]).toEqual([1, null, 0]);
    expect(await secondsAhead('t-once')).toBeGreaterThan(590);
    await s.stop();
  });

  it('runs a due job once when schedulers of two processes race for it', async () => {
    const jobs = ['t-race-a', 't-race-b', 't-race-c'];
    const here = jobs.map((n) => counting(n));
    const there = jobs.map((n) => counting(n));
    const a = schedulerOn(t.db, here.map((j) => j.def));
    const b = schedulerOn(rival?.db ?? t.db, there.map((j) => j.def));
    await a.start();
    await b.start();
    // Both ran what was due at their start (new jobs are due at once): each job once between them.
    await Promise.all([a.wake(), b.wake()]);
    jobs.forEach((n, i) => expect(here[i].runs + there[i].runs, n).toBe(1));
    for (let round = 0; round < 5; round++) {
      for (const n of jobs) await makeDue(n);
      await Promise.all([a.wake(), b.wake(), a.runNext(), b.runNext()]);
    }
    // Five times due, five runs of each, whoever ran them.
    jobs.forEach((n, i) => expect(here[i].runs + there[i].runs, n).toBe(5 + 1));
    for (const n of jobs) expect((await rowOf(n)).runs).toBe(6);
    await a.stop();
    await b.stop();
  });

  it('does not run a job another process holds, and takes it over when that process stopped', async () => {
    const held = counting('t-held');
    // Run by hand only: nothing else wakes and takes the job meanwhile.
    const a = schedulerOn(t.db, [held.def]);
    await a.register();
    await a.runNext();
    let release = () => {};
    held.hold = new Promise<void>((r) => (release = r));
    await makeDue('t-held');
    const running = a.runNext();
    await expect.poll(() => held.runs).toBe(2);
    const other = counting('t-held');
    const b = schedulerOn(rival?.db ?? t.db, [other.def]);
    await makeDue('t-held');
    expect(await b.runNext()).toBe(false);
    release();
    await running;

    // A process that died holding it: its lease ends, another runs the job.
    await sql`update scheduled_jobs set claimed_by = 'gone', claimed_until = now() - interval '1 second', due_at = now() - interval '1 minute' where name = 't-held'`.execute(t.db.kysely);
    expect(await b.runNext()).toBe(true);
    expect(other.runs).toBe(1);
    expect((await rowOf('t-held')).claimed_by).toBeNull();
  });

  it('tries a failed job again after a growing backoff, keeping the reason, and forgets it after a success', async () => {
    const job = counting('t-fail');
    job.failing = true;
    const errors: string[] = [];
    const s = new Scheduler(t.db, [job.def], () => new Date(), (_err, name) => errors.push(name));
    // Run by hand only: a scheduler started would also wake when its feed comes up, and take the job.
    await s.register();
    await s.runNext();
    let row = await rowOf('t-fail');
    expect([row.failures, row.last_error, row.claimed_by]).toEqual([1, 'the gateway said no', null]);
    expect(await secondsAhead('t-fail')).toBeGreaterThan(25);
    expect(await secondsAhead('t-fail')).toBeLessThanOrEqual(30);
    await makeDue('t-fail');
    await s.runNext();
    expect(await secondsAhead('t-fail')).toBeGreaterThan(55);
    expect(errors).toEqual(['t-fail', 't-fail']);

    job.failing = false;
    await makeDue('t-fail');
    await s.runNext();
    row = await rowOf('t-fail');
    expect([row.failures, row.last_error, row.runs]).toEqual([0, null, 3]);
  });

  it("runs the platform's jobs once started, and a clinic with an invoice unpaid past its day is suspended by it", async () => {
    const { rows } = await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(t.db.kysely);
    const demo = Number(rows[0].id);
    await sql`insert into invoices (tenant_id, kind, amount, issued_on, due_on, is_paid) values (${demo}, 'renewal', 10, current_date - 30, current_date - 3, false)`.execute(t.db.kysely);
    await t.app.scheduler.start();
    await t.app.scheduler.wake();
    const { rows: jobs } = await sql<{ name: string; runs: number; last_error: string | null }>`select name, runs::int as runs, last_error from scheduled_jobs
      where name not like 't-%' order by name`.execute(t.db.kysely);
    expect(jobs).toEqual(['idempotency-keys', 'legacy-sealing', 'released-files', 'reminders', 'subscriptions', 'sync-changes'].map((name) => ({ name, runs: 1, last_error: null })));
    const status = (await sql<{ status: number }>`select status from tenants where id = ${demo}`.execute(t.db.kysely)).rows[0].status;
    expect(status).toBe(ACCOUNT_STATUS.suspended);
  });
});

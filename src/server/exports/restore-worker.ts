// The durable queue behind restores (migration 069), as worker.ts is for copies: a worker claims the
// oldest waiting job in one statement (FOR UPDATE SKIP LOCKED), beats while it restores, and
// finishes it only while the claim is its own. A job whose worker stopped beating (a crash, a
// restart) is taken over, at most MAX_ATTEMPTS times; the new worker removes what the old one
// wrote before writing again (restore.ts), so a restore is never half-applied.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { type Actor, type Origin, recordEvent } from '../audit/events';
import { WokenWorker } from '../jobs/woken-worker';
import type { Tx } from '../engine/hooks';
import type { BuildDeps } from './build';
import { JobLost } from './build';
import { CopyThread } from './copy-thread-client';
import { type RestorePhase, type RestoreResult, restoreClinicCopy } from './restore';
import { CopyRefused, broken } from './restore-checks';
import { readSealedFile } from './sealed-file';

export const RESTORE_QUEUED = 'restore_queued';
const MAX_ATTEMPTS = 3;
const SWEEP_MS = 30_000;

/** Where an uploaded copy waits for its job, and what its sealed file is bound to. */
export const restoreKey = (storageKey: string) => `restores/${storageKey}`;
export const restoreContext = (tenantId: number, storageKey: string) => `restore:${tenantId}:${storageKey}`;

/** Phases in which a job may have written into the clinic. */
const WRITING: readonly RestorePhase[] = ['files', 'records', 'finishing'];

export interface RestoreWorkerOptions {
  /** A running job not heard of for this long is taken over. */
  staleMs?: number;
  /** Beats no more often than this (a phase change is written at once). */
  beatMs?: number;
  onError?: (err: unknown, job: { tenantId: number; id: number }) => void;
  /** Told every step, beaten or not (the tests follow a job through it). */
  onProgress?: (phase: RestorePhase, done: number, total: number) => void;
}

interface ClaimedRestore {
  tenantId: number;
  id: number;
  storageKey: string;
  attempts: number;
  /** An earlier attempt may have written into the clinic. */
  wrote: boolean;
  actor: Actor;
  origin: Origin;
}

export class RestoreWorker extends WokenWorker {
  readonly id = randomUUID();
  private readonly staleMs: number;
  private readonly beatMs: number;

  constructor(
    db: Db,
    private readonly deps: BuildDeps,
    private readonly options: RestoreWorkerOptions = {},
  ) {
    super(db, RESTORE_QUEUED, SWEEP_MS);
    this.staleMs = options.staleMs ?? 120_000;
    this.beatMs = options.beatMs ?? 1_000;
  }

  protected async round(): Promise<void> {
    while (await this.runNext());
  }

  /** Claims and runs one job; false when none waits. */
  async runNext(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    if (job.attempts > MAX_ATTEMPTS) {
      await this.fail(job, new Error('too many attempts'));
      return true;
    }
    let lastBeat = 0;
    let lastPhase: RestorePhase | null = null;
    const where = sql`tenant_id = ${job.tenantId} and id = ${job.id} and worker = ${this.id} and status = 'running'`;
    const steps = {
      progress: async (phase: RestorePhase, done: number, total: number) => {
        this.options.onProgress?.(phase, done, total);
        const now = this.deps.clock().getTime();
        if (phase === lastPhase && now - lastBeat < this.beatMs) return;
        lastBeat = now;
        lastPhase = phase;
        const { rows } = await sql`update restores set phase = ${phase}, wrote = wrote or ${WRITING.includes(phase)}, done = ${done}, total = ${total}, heartbeat_at = ${new Date(now)}, updated_at = ${new Date(now)}
          where ${where} returning id`.execute(this.db.kysely);
        if (!rows.length) throw new JobLost();
      },
      finish: async (trx: Tx, result: RestoreResult) => {
        const now = this.deps.clock();
        const { rows } = await sql`update restores set status = 'done', phase = null, done = total, result = ${JSON.stringify(result)}, finished_at = ${now},
            heartbeat_at = null, worker = null, updated_at = ${now} where ${where} returning id`.execute(trx);
        if (!rows.length) throw new JobLost();
      },
    };
    const thread = new CopyThread();
    try {
      await steps.progress('reading', 0, 0);
      await this.read(job, thread);
      await restoreClinicCopy(this.deps, job.tenantId, thread, steps, job.wrote);
      await this.deps.files.remove(restoreKey(job.storageKey));
      // In the Owner's trail and in the clinic's, whose trail starts here.
      for (const trail of [null, job.tenantId]) await recordEvent(this.deps.db, trail, job.actor, job.origin, { action: 'copy_restored', resource: 'tenants', recordId: job.tenantId });
    } catch (err) {
      if (err instanceof JobLost) return true;
      if (!(err instanceof CopyRefused)) this.options.onError?.(err, job);
      await this.fail(job, err);
    } finally {
      await thread.close();
    }
    return true;
  }

  /** Streams the stored copy, opened chunk by chunk, into the thread, which inflates it. */
  private async read(job: ClaimedRestore, thread: CopyThread): Promise<void> {
    const key = await this.deps.keyring.keyOf(this.deps.db, job.tenantId);
    const stream = await this.deps.files.stream(restoreKey(job.storageKey));
    try {
      for await (const chunk of readSealedFile(stream, key, restoreContext(job.tenantId, job.storageKey))) {
        const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
        await thread.ask({ op: 'unzip-push', bytes: chunk, final: false }, whole ? [chunk.buffer as ArrayBuffer] : []);
      }
    } catch (err) {
      if (err instanceof Error && /sealed file/.test(err.message)) throw broken();
      throw err;
    }
    await thread.ask({ op: 'unzip-push', bytes: new Uint8Array(0), final: true });
  }

  private async claim(): Promise<ClaimedRestore | null> {
    const now = this.deps.clock();
    const { rows } = await sql<{ tenant_id: number; id: number; storage_key: string; attempts: number; wrote: boolean; actor: Actor; origin: Origin }>`
      update restores set status = 'running', worker = ${this.id}, attempts = attempts + 1, heartbeat_at = ${now},
        started_at = coalesce(started_at, ${now}), updated_at = ${now}
      where (tenant_id, id) = (
        select tenant_id, id from restores
        where status = 'queued' or (status = 'running' and heartbeat_at < ${new Date(now.getTime() - this.staleMs)})
        order by created_at, id limit 1 for update skip locked)
      returning tenant_id, id, storage_key, attempts, wrote, actor, origin`.execute(this.db.kysely);
    const row = rows[0];
    if (!row) return null;
    return { tenantId: Number(row.tenant_id), id: Number(row.id), storageKey: row.storage_key, attempts: Number(row.attempts), wrote: row.wrote === true, actor: row.actor, origin: row.origin };
  }

  private async fail(job: ClaimedRestore, err: unknown): Promise<void> {
    const now = this.deps.clock();
    const refused = err instanceof CopyRefused ? err : null;
    await sql`update restores set status = 'failed', error = ${refused?.key ?? 'errors.restoreFailed'}, error_vars = ${JSON.stringify(refused?.vars ?? {})},
        finished_at = ${now}, heartbeat_at = null, worker = null, updated_at = ${now}
      where tenant_id = ${job.tenantId} and id = ${job.id} and worker = ${this.id}`.execute(this.db.kysely);
    await this.deps.files.remove(restoreKey(job.storageKey));
  }
}

// The durable queue behind clinic copies. The jobs are rows of `exports` (migration 027): a worker
// claims the oldest waiting one in one statement (FOR UPDATE SKIP LOCKED, so two processes never
// claim the same), beats while it builds, and finishes it only if the claim is still its own. A
// job whose worker stopped beating (a crash, a restart) is taken over, at most MAX_ATTEMPTS times.
// Workers wake on the database's notice of a new job (any process), and look for abandoned and
// expired ones every SWEEP_MS (jobs/woken-worker.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { WokenWorker } from '../jobs/woken-worker';
import { type Lang, LANGUAGES } from '../i18n';
import { exportKey } from '../files/store';
import { type BuildDeps, type ExportJob, JobLost, buildClinicCopy } from './build';

export const EXPORT_QUEUED = 'export_queued';
/** How long a copy can be downloaded. */
export const EXPORT_LIFETIME_MS = 24 * 3600_000;
const MAX_ATTEMPTS = 3;
const SWEEP_MS = 30_000;

export interface WorkerOptions {
  /** A running job not heard of for this long is taken over. */
  staleMs?: number;
  /** Beats no more often than this (progress moves between them in memory only). */
  beatMs?: number;
  /** Called when a job fails (for the log). */
  onError?: (err: unknown, job: ExportJob) => void;
}

export class ExportWorker extends WokenWorker {
  readonly id = randomUUID();
  private readonly staleMs: number;
  private readonly beatMs: number;

  constructor(
    db: Db,
    private readonly deps: BuildDeps,
    private readonly options: WorkerOptions = {},
  ) {
    super(db, EXPORT_QUEUED, SWEEP_MS);
    this.staleMs = options.staleMs ?? 120_000;
    this.beatMs = options.beatMs ?? 2_000;
  }

  protected async round(): Promise<void> {
    await this.expire();
    while (await this.runNext());
  }

  /** Claims and builds one job; false when none waits. */
  async runNext(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    if (job.attempts > MAX_ATTEMPTS) {
      await this.fail(job);
      return true;
    }
    let lastBeat = 0;
    const beat = async (progress: number) => {
      const now = this.deps.clock().getTime();
      if (now - lastBeat < this.beatMs) return;
      lastBeat = now;
      const { rows } = await sql`update exports set progress = ${progress}, heartbeat_at = ${new Date(now)}
        where tenant_id = ${job.tenantId} and id = ${job.id} and worker = ${this.id} and status = 'running' returning id`.execute(this.db.kysely);
      if (!rows.length) throw new JobLost();
    };
    try {
      const built = await buildClinicCopy(this.deps, job, beat);
      const now = this.deps.clock();
      const { rows } = await sql`update exports set status = 'done', progress = 100, storage_key = ${built.storageKey}, size = ${built.size},
          finished_at = ${now}, expires_at = ${new Date(now.getTime() + EXPORT_LIFETIME_MS)}, heartbeat_at = null, worker = null, updated_at = ${now}
        where tenant_id = ${job.tenantId} and id = ${job.id} and worker = ${this.id} and status = 'running' returning id`.execute(this.db.kysely);
      // Taken over meanwhile: the other worker's copy is the one that counts.
      if (!rows.length) await this.deps.files.remove(exportKey(built.storageKey));
    } catch (err) {
      if (err instanceof JobLost) return true;
      this.options.onError?.(err, job);
      await this.fail(job);
    }
    return true;
  }

  private async claim(): Promise<(ExportJob & { attempts: number }) | null> {
    const now = this.deps.clock();
    const { rows } = await sql<{ tenant_id: number; id: number; requested_by: number; lang: string; attempts: number }>`
      update exports set status = 'running', worker = ${this.id}, attempts = attempts + 1, heartbeat_at = ${now},
        started_at = coalesce(started_at, ${now}), progress = 0, updated_at = ${now}
      where (tenant_id, id) = (
        select tenant_id, id from exports
        where status = 'queued' or (status = 'running' and heartbeat_at < ${new Date(now.getTime() - this.staleMs)})
        order by created_at, id limit 1 for update skip locked)
      returning tenant_id, id, requested_by, lang, attempts`.execute(this.db.kysely);
    const row = rows[0];
    if (!row) return null;
    const lang = (LANGUAGES as readonly string[]).includes(row.lang) ? (row.lang as Lang) : 'ckb';
    return { tenantId: Number(row.tenant_id), id: Number(row.id), requestedBy: Number(row.requested_by), lang, attempts: Number(row.attempts) };
  }

  private async fail(job: ExportJob): Promise<void> {
    const now = this.deps.clock();
    await sql`update exports set status = 'failed', error = 'errors.exportFailed', finished_at = ${now}, heartbeat_at = null, worker = null, updated_at = ${now}
      where tenant_id = ${job.tenantId} and id = ${job.id} and worker = ${this.id}`.execute(this.db.kysely);
  }

  /** Copies past their day: the file goes, the row stays (the history of who asked when). */
  async expire(): Promise<number> {
    const now = this.deps.clock();
    const { rows } = await sql<{ storage_key: string }>`
      with gone as (select tenant_id, id, storage_key from exports where status = 'done' and expires_at <= ${now} for update skip locked)
      update exports e set status = 'expired', storage_key = null, updated_at = ${now}
      from gone where e.tenant_id = gone.tenant_id and e.id = gone.id returning gone.storage_key`.execute(this.db.kysely);
    for (const row of rows) if (row.storage_key) await this.deps.files.remove(exportKey(row.storage_key));
    return rows.length;
  }
}

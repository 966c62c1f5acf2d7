// The Owner restores a clinic's copy into a new, empty clinic (on the doctor's request):
// POST /tenants/:id/restore, multipart field "file" (the ZIP the clinic downloaded), stores the
// upload sealed under the clinic's key and answers 202 with the job at once; the restore runs in
// the background (restore-worker.ts), followed through GET /tenants/:id/restore.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CENTRAL_ROLE } from '../../shared/roles';
import { actorOf, originOf } from '../audit/origin';
import { DataAccess } from '../engine/data-access';
import { ApiError, invalidField, notFound } from '../http/errors';
import { anyObject, dataAnswer, int, obj, str } from '../http/answers';
import { NO_BODY } from '../http/route-rules';
import { translate } from '../i18n';
import type { BuildDeps } from './build';
import { assertEmpty, recordsOfAClinic } from './restore';
import { CopyRefused } from './restore-checks';
import { restoreContext, restoreKey } from './restore-worker';
import { SealedFileWriter } from './sealed-file';

/** A clinic's copy may be large (its files): stored as it arrives, but not without bound. */
export const MAX_RESTORE_BYTES = 512 * 1024 * 1024;
/** What every ZIP starts with (a local file header). */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function registerRestoreRoute(app: FastifyInstance, deps: BuildDeps): void {
  const config = { scope: 'central', access: { roles: [CENTRAL_ROLE.owner] } } as const;
  const tags = ['tenants'];
  const summary = "Restore a clinic's copy (ZIP, multipart field \"file\") into this new, empty clinic (Owner): 202, restored in the background";
  const accepted = { 202: dataAnswer(obj({ id: int, status: str })) };

  app.post('/tenants/:id/restore', { config, schema: { tags, summary, consumes: ['multipart/form-data'], response: accepted } }, async (request, reply) => {
    const tenantId = await clinicOf(deps, (request.params as { id: string }).id);
    if (!request.isMultipart()) throw new ApiError(415, 'errors.unsupportedMediaType');
    // Refused before the upload is read: a clinic with records, or one a restore is already filling.
    const data = new DataAccess(deps.db, null, tenantId, {}, deps.clock, {});
    await data.transaction((trx) => assertEmpty(trx, tenantId, recordsOfAClinic())).catch((err: unknown) => {
      throw err instanceof CopyRefused ? new ApiError(409, err.key) : err;
    });
    const { rows: open } = await sql`select id from restores where tenant_id = ${tenantId} and status in ('queued', 'running')`.execute(deps.db);
    if (open.length) throw new ApiError(409, 'errors.restoreNotEmpty');

    const file = await request.file({ limits: { fileSize: MAX_RESTORE_BYTES, files: 1 } });
    if (!file) throw invalidField('file', 'validation.required');
    const storageKey = path.posix.join(String(tenantId), `${randomBytes(16).toString('hex')}.zip`);
    await fs.promises.mkdir(deps.files.scratchDir, { recursive: true });
    const scratch = path.join(deps.files.scratchDir, `restore-${tenantId}-${randomBytes(6).toString('hex')}.zip`);
    const writer = await SealedFileWriter.create(scratch, await deps.keyring.keyOf(deps.db, tenantId), restoreContext(tenantId, storageKey));
    try {
      // Sealed and written as it arrives: a copy of hundreds of megabytes is never held whole.
      let first: Buffer | null = null;
      for await (const chunk of file.file as AsyncIterable<Buffer>) {
        first ??= chunk;
        writer.push(chunk);
        await writer.flush();
      }
      if (file.file.truncated) throw invalidField('file', 'validation.fileTooLarge', { limit: MAX_RESTORE_BYTES / 1024 / 1024 });
      if (!first || ZIP_MAGIC.some((b, i) => first![i] !== b)) throw invalidField('file', 'validation.restoreArchive');
      await writer.close();
      await deps.files.createFrom(restoreKey(storageKey), scratch);
    } catch (err) {
      await writer.abandon();
      await fs.promises.rm(scratch, { force: true });
      throw err;
    }
    const actor = actorOf(request.session!);
    const { rows } = await sql<{ id: number; status: string }>`insert into restores (tenant_id, storage_key, size, actor, origin)
      values (${tenantId}, ${storageKey}, ${file.file.bytesRead}, ${JSON.stringify(actor)}, ${JSON.stringify(originOf(request))}) returning id, status`
      .execute(deps.db)
      .catch(async (err: { code?: string }) => {
        await deps.files.remove(restoreKey(storageKey));
        // Two uploads at once into one clinic: the second finds the first's job.
        if (err.code === '23505') throw new ApiError(409, 'errors.restoreNotEmpty');
        throw err;
      });
    return reply.status(202).send({ data: { id: Number(rows[0].id), status: rows[0].status } });
  });

  const view = { 200: dataAnswer(anyObject) };
  app.get('/tenants/:id/restore', { config, schema: { tags, summary: "The clinic's latest restore: its status, phase and progress, then its result or why it failed (Owner)", querystring: NO_BODY, response: view } }, async (request) => {
    const tenantId = await clinicOf(deps, (request.params as { id: string }).id);
    const { rows } = await sql<{ id: number; status: string; phase: string | null; done: number; total: number; result: unknown; error: string | null; error_vars: Record<string, string> | null; created_at: Date; finished_at: Date | null }>`
      select id, status, phase, done, total, result, error, error_vars, created_at, finished_at from restores
      where tenant_id = ${tenantId} order by id desc limit 1`.execute(deps.db);
    const job = rows[0];
    if (!job) return { data: { status: 'none' } };
    const error = job.error ? { key: job.error, vars: job.error_vars ?? {}, message: translate(request.lang, job.error, job.error_vars ?? {}) } : null;
    return { data: { id: Number(job.id), status: job.status, phase: job.phase, done: job.done, total: job.total, result: job.result, error, created_at: job.created_at, finished_at: job.finished_at } };
  });
}

async function clinicOf(deps: BuildDeps, id: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from tenants where id = ${Number(id)}`.execute(deps.db);
  if (!rows[0]) throw notFound();
  return Number(rows[0].id);
}

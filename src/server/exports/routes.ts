// A clinic's copy through the API: the Main Doctor asks for one (202; the job runs in the
// background, see worker.ts), follows it through the generated GET /exports/:id, and downloads it
// for 24 hours. Asking and downloading are audit events.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { resourceByName } from '../../../resources/index';
import type { KeyRing } from '../crypto/keyring';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { dataAnswer, int, obj, str } from '../http/answers';
import { NO_BODY } from '../http/route-rules';
import { type FileStore, exportKey } from '../files/store';
import { exportContext } from './build';
import { dayOf } from '../days';
import { readSealedFile } from './sealed-file';


export function registerExportRoutes(app: FastifyInstance, db: Kysely<Database>, keyring: KeyRing, files: FileStore): void {
  const def = resourceByName('exports');
  const tags = ['exports'];

  // Whoever may read the clinic's copies (the Main Doctor) asks for one; it takes no input.
  const config = { scope: 'tenant', access: { resource: def, action: 'read' } } as const;
  const answer = { 202: dataAnswer(obj({ id: int, status: str })) };
  app.post('/exports', { config, schema: { tags, summary: "Ask for the clinic's whole copy (Main Doctor): 202, built in the background", body: NO_BODY, response: answer } }, async (request, reply) => {
    const caller = request.data.caller!;
    const tenantId = request.tenant!.id;
    const job = await request.data.transaction(async (trx) => {
      // One copy at a time: asking again while one is being made answers that one.
      await sql`select pg_advisory_xact_lock(hashtext(${`export:${tenantId}`}))`.execute(trx);
      const { rows: open } = await sql<{ id: number; status: string }>`select id, status from exports
        where tenant_id = ${tenantId} and status in ('queued', 'running') order by id limit 1`.execute(trx);
      if (open[0]) return open[0];
      const { rows } = await sql<{ id: number; status: string }>`insert into exports (tenant_id, requested_by, lang)
        values (${tenantId}, ${caller.userId}, ${request.lang}) returning id, status`.execute(trx);
      await request.data.audit(trx, { action: 'export_request', resource: def.name, recordId: Number(rows[0].id) });
      return rows[0];
    });
    return reply.status(202).send({ data: { id: Number(job.id), status: job.status } });
  });

  app.get('/exports/:id/download', { config: { scope: 'tenant' }, schema: { tags, summary: 'The copy as a ZIP (Main Doctor, for 24 hours after it is made)', produces: ['application/zip'] } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const record = await request.data.get(def, Number(id));
    if (record.status === 'expired') throw new ApiError(410, 'errors.exportExpired');
    if (record.status !== 'done') throw new ApiError(409, 'errors.exportNotReady');
    const tenantId = request.tenant!.id;
    let opened: Readable | undefined;
    const { storageKey, sealed } = await request.data
      .transaction(async (trx) => {
        const { rows } = await sql<{ storage_key: string | null; expires_at: Date }>`select storage_key, expires_at from exports
          where tenant_id = ${tenantId} and id = ${record.id}`.execute(trx);
        // Past its day but not yet swept: as good as gone.
        if (!rows[0]?.storage_key || new Date(rows[0].expires_at).getTime() <= request.data.now().getTime()) throw new ApiError(410, 'errors.exportExpired');
        // A ZIP gone from the store within its day (a lost disk, an emptied bucket) is gone as well,
        // not a failure: the Main Doctor asks for a new copy. Opened before the download is in the trail.
        opened = await files.stream(exportKey(rows[0].storage_key)).catch((err: unknown) => {
          throw (err as { code?: string }).code === 'ENOENT' ? new ApiError(410, 'errors.exportExpired') : err;
        });
        await request.data.audit(trx, { action: 'export_download', resource: def.name, recordId: record.id });
        return { storageKey: rows[0].storage_key, sealed: opened };
      })
      .catch((err: unknown) => {
        opened?.destroy();
        throw err;
      });
    const key = await keyring.keyOf(db, tenantId);
    const day = dayOf(new Date(String(record.finished_at ?? record.created_at)));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="clinic-${request.tenant!.subdomain}-${day}.zip"`)
      .header('Cache-Control', 'private, no-store')
      .send(Readable.from(readSealedFile(sealed, key, exportContext(tenantId, storageKey))));
  });
}

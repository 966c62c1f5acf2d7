// The Owner restores a clinic's copy into a new, empty clinic (on the doctor's request):
// POST /tenants/:id/restore, multipart field "file" (the ZIP the clinic downloaded).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CENTRAL_ROLE } from '../../shared/roles';
import { recordEvent } from '../audit/events';
import { actorOf, originOf } from '../audit/origin';
import { ApiError, invalidField, notFound } from '../http/errors';
import { translate } from '../i18n';
import type { BuildDeps } from './build';
import { restoreClinicCopy } from './restore';
import { anyObject, obj, str } from '../http/answers';

/** A clinic's copy may be large (its files); it is read whole, so not without bound. */
export const MAX_RESTORE_BYTES = 512 * 1024 * 1024;

export function registerRestoreRoute(app: FastifyInstance, deps: BuildDeps): void {
  const config = { scope: 'central', access: { roles: [CENTRAL_ROLE.owner] } } as const;
  const summary = "Restore a clinic's copy (ZIP, multipart field \"file\") into this new, empty clinic (Owner)";
  app.post('/tenants/:id/restore', { config, schema: { tags: ['tenants'], summary, consumes: ['multipart/form-data'], response: { 200: obj({ message: str, data: anyObject }) } } }, async (request) => {
    const { id } = request.params as { id: string };
    const { rows } = await sql<{ id: number }>`select id from tenants where id = ${Number(id)}`.execute(deps.db);
    if (!rows[0]) throw notFound();
    if (!request.isMultipart()) throw new ApiError(415, 'errors.unsupportedMediaType');
    const file = await request.file({ limits: { fileSize: MAX_RESTORE_BYTES, files: 1 } });
    if (!file) throw invalidField('file', 'validation.required');
    const archive = await file.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw invalidField('file', 'validation.fileTooLarge', { limit: MAX_RESTORE_BYTES / 1024 / 1024 });
      throw err;
    });
    const tenantId = Number(rows[0].id);
    const result = await restoreClinicCopy(deps, tenantId, archive);
    // In the Owner's trail and in the clinic's, whose trail starts here.
    const actor = actorOf(request.session!);
    for (const trail of [null, tenantId]) await recordEvent(deps.db, trail, actor, originOf(request), { action: 'copy_restored', resource: 'tenants', recordId: tenantId });
    return { message: translate(request.lang, 'messages.copyRestored'), data: result };
  });
}

// Uploads: one file per request, its type detected from its content (not its name), stored under
// the file store (the data folder, or an S3-compatible bucket: files/store.ts), counted against a clinic's storage limit, and served only to its own
// application (public files, such as landing-page images, to anyone on that host).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { type Kysely, type Selectable, sql } from 'kysely';
import { CENTRAL_ROLE, TENANT_ROLE } from '../../shared/roles';
import { type RouteAccess, allowed } from '../http/route-rules';
import { bool, dataAnswer, int, NO_CONTENT, obj, str } from '../http/answers';
import type { Database, UploadsTable } from '../db/schema';
import { ACCOUNT_STATUS } from '../../shared/enums';
import { holdersOf, patientOfFile } from '../engine/released-files';
import { ApiError, forbidden, invalidField, notFound, tenantSuspended, unauthenticated } from '../http/errors';
import { type KeyRing, fileContext, open, seal } from '../crypto/keyring';
import { type FileStore, uploadKey } from '../files/store';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** What a clinic may store: images and PDFs (a restored copy's files too). */
export const ALLOWED_UPLOAD_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf']);

type UploadRow = Selectable<UploadsTable>;

const publicView = (u: UploadRow) => ({ id: u.id, mime: u.mime, size: u.size, name: u.original_name, is_public: u.is_public, url: `/api/v1/uploads/${u.id}`, created_at: u.created_at });

/** Who may publish files for everyone to see: landing-page editors. */
const PUBLISHERS: RouteAccess = { central: { roles: [CENTRAL_ROLE.owner, CENTRAL_ROLE.serviceAdmin, CENTRAL_ROLE.developer] }, tenant: { clinicRoles: [TENANT_ROLE.mainDoctor] } };
/** Who may delete anyone's file, besides its uploader. */
const FILE_MANAGERS: RouteAccess = { central: { roles: [CENTRAL_ROLE.owner, CENTRAL_ROLE.developer] }, tenant: { clinicRoles: [TENANT_ROLE.mainDoctor] } };
const MAIN_DOCTOR: RouteAccess = { clinicRoles: [TENANT_ROLE.mainDoctor] };

const uploadAnswer = dataAnswer(
  obj({ id: int, mime: str, size: int, name: str, is_public: bool, url: str, created_at: { type: 'string', format: 'date-time' } }),
);

/**
 * A clinic's private file: its uploader (a form shows what was just uploaded), the Main Doctor, or
 * who may read a record holding it (a visit's attachments need read on visits).
 */
async function mayReadClinicFile(request: FastifyRequest, db: Kysely<Database>, tenantId: number, row: UploadRow): Promise<boolean> {
  const caller = request.data.caller;
  if (!caller || caller.scope !== 'tenant') return false;
  // Support staff's ids are the platform's, not the clinic's: never the uploader.
  if ((!caller.support && row.user_id === caller.userId) || allowed(request, MAIN_DOCTOR)) return true;
  const holders = await holdersOf(db, tenantId, row.id);
  return holders.some((def) => request.data.can(def, 'read'));
}

export async function registerUploadRoutes(app: FastifyInstance, db: Kysely<Database>, files: FileStore, keyring: KeyRing): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/uploads', { schema: { tags: ['uploads'], summary: 'Upload one file (multipart field "file"); ?public=1 for landing-page images', consumes: ['multipart/form-data'], querystring: { type: 'object', additionalProperties: false, properties: { public: { type: 'string', enum: ['0', '1'] } } }, response: { 201: uploadAnswer } } }, async (request, reply) => {
    const caller = request.data.caller;
    if (!caller || !request.session) throw unauthenticated();
    if (!request.isMultipart()) throw new ApiError(415, 'errors.unsupportedMediaType');
    const isPublic = (request.query as { public?: string }).public === '1';
    if (isPublic && !allowed(request, PUBLISHERS)) throw forbidden();
    const file = await request.file();
    if (!file) throw invalidField('file', 'validation.required');
    const buffer = await file.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw invalidField('file', 'validation.fileTooLarge', { limit: MAX_UPLOAD_BYTES / 1024 / 1024 });
      throw err;
    });
    if (!buffer.length) throw invalidField('file', 'validation.required');
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !ALLOWED_UPLOAD_TYPES.has(type.mime)) throw invalidField('file', 'validation.fileType');

    const tenantId = request.session.tenantId;
    const key = path.posix.join(String(new Date().getUTCFullYear()), randomBytes(16).toString('hex'));
    const row = await db.transaction().execute(async (trx) => {
      if (tenantId !== null) await checkStorage(trx, tenantId, buffer.length);
      const inserted = await trx
        .insertInto('uploads')
        .values({ scope: request.session!.scope, tenant_id: tenantId, user_id: caller.userId, mime: type.mime, size: buffer.length, original_name: file.filename.slice(0, 200) || 'file', storage_key: key, is_public: isPublic, sealed: tenantId !== null })
        .returningAll()
        .executeTakeFirstOrThrow();
      // A clinic's file is stored sealed under its key; the platform's own (landing images) plain.
      const stored = tenantId === null ? buffer : seal(await keyring.keyOf(trx, tenantId), fileContext(tenantId, key), buffer);
      // Written inside the transaction: if writing fails, no row points at a missing file.
      await files.create(uploadKey(key), stored);
      return inserted;
    });
    return reply.status(201).send({ data: publicView(row) });
  });

  const findVisible = async (request: FastifyRequest): Promise<UploadRow> => {
    const id = Number((request.params as { id: string }).id);
    const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    // Files of another application or clinic do not exist here.
    const hostTenant = request.tenant?.id ?? null;
    if (!row || row.tenant_id !== hostTenant || row.scope !== request.hostKind.kind) throw notFound();
    if (row.is_public) return row;
    if (!request.session) throw unauthenticated();
    if (row.scope === 'tenant' && row.tenant_id !== null) {
      // These routes answer logged-out visitors for public files, so the request hook left the
      // clinic's status and the caller's permissions to them.
      if (request.tenant && request.tenant.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
      if (!(await mayReadClinicFile(request, db, row.tenant_id, row))) throw forbidden();
    }
    return row;
  };

  app.get('/uploads/:id', { config: { auth: false }, schema: { tags: ['uploads'], summary: 'The file itself', produces: [...ALLOWED_UPLOAD_TYPES] } }, async (request, reply) => {
    const row = await findVisible(request);
    // A file of a patient's record is the patient's data: its opening is in the audit trail.
    const patientId = !row.is_public && row.tenant_id !== null ? await patientOfFile(db, row.tenant_id, row.id) : null;
    if (patientId !== null) request.data.noteRead({ action: 'read', resource: 'uploads', recordId: row.id, patientId });
    const stored = await files.read(uploadKey(row.storage_key));
    if (!stored) throw notFound();
    const body = row.sealed && row.tenant_id !== null ? open(await keyring.keyOf(db, row.tenant_id), fileContext(row.tenant_id, row.storage_key), stored) : stored;
    return reply
      .header('Content-Type', row.mime)
      .header('Content-Length', String(row.size))
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
      .header('Cache-Control', row.is_public ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(body);
  });

  app.get('/uploads/:id/meta', { config: { auth: false }, schema: { tags: ['uploads'], summary: "A file's name, type and size", response: { 200: uploadAnswer } } }, async (request) => ({
    data: publicView(await findVisible(request)),
  }));

  app.delete('/uploads/:id', { schema: { tags: ['uploads'], summary: 'Delete a file (its uploader, or the Main Doctor / a central manager)', response: { 204: NO_CONTENT } } }, async (request, reply) => {
    const row = await findVisible(request);
    const caller = request.data.caller!;
    if (row.user_id !== caller.userId && !allowed(request, FILE_MANAGERS)) throw forbidden();
    await db.deleteFrom('uploads').where('id', '=', row.id).execute();
    await files.remove(uploadKey(row.storage_key));
    return reply.status(204).send();
  });
}

/** A clinic's files may not exceed its plan's storage; one upload at a time checks it. */
async function checkStorage(trx: Kysely<Database>, tenantId: number, size: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`plan:storage:${tenantId}`}))`.execute(trx);
  const { rows } = await sql<{ used: number; limit_gb: number | null }>`
    select coalesce((select sum(size) from uploads where tenant_id = ${tenantId}), 0)::bigint as used,
           (select p.max_storage_gb from tenants t join plans p on p.id = t.plan_id where t.id = ${tenantId}) as limit_gb`.execute(trx);
  const { used, limit_gb } = rows[0];
  if (limit_gb !== null && Number(used) + size > limit_gb * 1024 ** 3) throw invalidField('file', 'validation.planLimitStorage', { limit: limit_gb });
}

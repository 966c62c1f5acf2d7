// Registry -> HTTP routes. One generic route table serves every resource: list, show, create,
// update (PUT and PATCH, both partial) and delete. A path may belong to a central and a tenant
// resource at once (e.g. locations); the host decides which one answers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../shared/resource';
import { isArchivable, resourceActions } from '../../shared/resource';
import { ApiError, invalid, invalidField, notFound } from '../http/errors';
import { type Lang, translate } from '../i18n';
import { StaleRecord, StillReferenced } from './data-access';
import { Diverted, type Row } from './hooks';
import type { Holder } from './references';
import { EXPORT_FORMATS, type ExportFormat, MAX_EXPORT_ROWS, exportColumns, exportFileName, toCsv, toXlsx } from './export';
import { parseListQuery } from './query';
import { NO_BODY } from '../http/route-rules';
import { NO_CONTENT } from '../http/answers';
import { type JsonSchema, bodySchema, recordSchema } from './schema';
import { listQuerySchema } from './list-schema';
import { compile, normalizeInput, toFieldErrors } from './validate';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ID = /^[1-9]\d{0,15}$/;

function sendDiverted(request: FastifyRequest, reply: FastifyReply, diverted: Diverted) {
  return reply.status(diverted.status).send({ message: translate(request.lang, diverted.messageKey), data: diverted.data });
}

function idOf(request: FastifyRequest): number {
  const { id } = request.params as { id: string };
  // A malformed id names no record: 404, exactly like a missing one.
  if (!ID.test(id)) throw notFound();
  return Number(id);
}

/** The record's version as a strong ETag. */
function etagOf(row: Row): string {
  return `"${String(row.version)}"`;
}

/** If-Match: the version the client last saw. Absent or `*`: no condition; unreadable: matches none. */
function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const m = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  return m ? Number(m[1]) : 0;
}

/** "Visits (3), Incomes (1)" in the caller's language. */
function holdersText(lang: Lang, holders: Holder[]): string {
  return holders.map((h) => `${translate(lang, `resources.${h.resource}.title`)} (${h.count})`).join(lang === 'en' ? ', ' : '، ');
}

/**
 * Runs a write. A stale If-Match answers 412 with the current record, a record still in use 409;
 * then it gives null (the answer is sent).
 */
async function guarded<T>(request: FastifyRequest, reply: FastifyReply, write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof StaleRecord) {
      await reply.status(412).header('ETag', etagOf(err.current)).send({ message: translate(request.lang, 'errors.staleRecord'), data: err.current });
      return null;
    }
    if (err instanceof StillReferenced) {
      await reply.status(409).send({ message: translate(request.lang, 'errors.referenced', { holders: holdersText(request.lang, err.holders) }) });
      return null;
    }
    throw err;
  }
}

function pick(defs: ResourceDef[], request: FastifyRequest): ResourceDef {
  const def = defs.find((d) => d.scope === request.hostKind.kind);
  if (!def) throw notFound();
  return def;
}

// Titles of the records the rows name: { client_id: { "3": "Ali" } } (DataAccess.relationLabels).
const labelsSchema: JsonSchema = { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } };

const listMeta: JsonSchema = {
  type: 'object',
  properties: { current_page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, last_page: { type: 'integer' } },
};

/**
 * Before a write's body is validated: the host's declaration (404), the caller's right (403), the
 * body tidied as the declaration says (digits, phones, trimming). A path served by a central and a
 * clinic declaration at once has a body schema per host: validated here, with the same validator.
 */
function prepareWrite(defs: ResourceDef[], mode: 'create' | 'update') {
  return async (request: FastifyRequest): Promise<void> => {
    const def = pick(defs, request);
    request.data.authorize(def, mode);
    request.body = normalizeInput(def, request.body);
    if (defs.length === 1) return;
    const check = compile(bodySchema(def, mode));
    if (check(request.body)) return;
    if (mode === 'update') await request.data.assertExists(def, 'update', idOf(request));
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) throw invalid({ _: [{ key: 'validation.type', vars: { type: 'object' } }] });
    throw invalid(toFieldErrors(check.errors ?? []));
  };
}

/** What DataAccess.restore refuses before it changes anything: the right (403), the record (404). */
async function restorable(def: ResourceDef, request: FastifyRequest): Promise<void> {
  request.data.authorize(def, 'delete');
  if (!isArchivable(def)) throw notFound();
  await request.data.assertExists(def, 'delete', idOf(request));
}

export function registerResourceRoutes(app: FastifyInstance, resources: readonly ResourceDef[]): void {
  const byPath = new Map<string, ResourceDef[]>();
  for (const def of resources) byPath.set(def.path, [...(byPath.get(def.path) ?? []), def]);

  for (const [path, defs] of byPath) {
    const scope = defs.length > 1 ? 'any' : defs[0].scope;
    // Every handler here reaches the database through request.data's transactions only.
    // A module's routes answer 404 on a clinic without it (after the token is judged: 401).
    const config = { scope, confirmsInTransaction: true, ...(defs[0].module ? { module: defs[0].module } : {}) } as const;
    // Content anyone may read (public laws): its reads need no session.
    // A token sent is still judged: another host's is refused (401), as everywhere.
    // Reads are serialized from the record's schema.
    const readConfig = { ...(defs.every((d) => d.publicRead) ? { ...config, auth: false, tokenChecked: true } : config), serializedBySchema: true };
    const doc = defs[0];
    const tags = [doc.name];
    const actions = new Set(defs.flatMap((d) => resourceActions(d)));
    // One declaration: Fastify validates the body with its schema. Two (one per host): prepareWrite does.
    const body = (mode: 'create' | 'update') => (defs.length === 1 ? bodySchema(doc, mode) : { ...bodySchema(doc, mode), 'x-validated-by': 'engine' });

    if (actions.has('read')) {
      app.get(`/${path}`, {
        config: readConfig,
        schema: {
          tags,
          summary: `List ${path}`,
          querystring: listQuerySchema(doc),
          response: { 200: { type: 'object', properties: { data: { type: 'array', items: recordSchema(doc) }, meta: listMeta, labels: labelsSchema } } },
        },
        handler: async (request) => {
          const def = pick(defs, request);
          return request.data.list(def, parseListQuery(def, request.query as Record<string, unknown>));
        },
      });
      app.get(`/${path}/export`, {
        config: readConfig,
        schema: {
          tags,
          summary: `Every ${path} the list's filters, search and sort select, as CSV or Excel (format=xlsx; at most ${MAX_EXPORT_ROWS})`,
          querystring: { ...listQuerySchema(doc, false), properties: { ...(listQuerySchema(doc, false).properties as JsonSchema), format: { type: 'string', enum: [...EXPORT_FORMATS] }, columns: { type: 'string', maxLength: 2000, description: "The list's visible columns, comma-separated, in order (default: every field)" } } },
          produces: ['text/csv', XLSX_TYPE],
        },
        handler: async (request, reply) => {
          const def = pick(defs, request);
          const { format = 'csv', columns, ...params } = request.query as Record<string, unknown> & { format?: ExportFormat; columns?: string };
          if (!EXPORT_FORMATS.includes(format)) throw invalidField('format', 'validation.enum', { values: EXPORT_FORMATS.join(', ') });
          const shape = { columns: exportColumns(def, columns), currency: await request.data.currency(def) };
          const query = parseListQuery(def, params);
          const rows = await request.data.exportRows(def, query, MAX_EXPORT_ROWS);
          if ('tooMany' in rows) throw new ApiError(422, 'errors.exportTooLarge', { count: rows.tooMany, max: MAX_EXPORT_ROWS });
          reply.header('Content-Disposition', `attachment; filename="${exportFileName(def, request.data.now(), format)}"`);
          if (format === 'xlsx') return reply.header('Content-Type', XLSX_TYPE).send(await toXlsx(request.data, def, rows, request.lang, shape));
          return reply.header('Content-Type', 'text/csv; charset=utf-8').send(await toCsv(request.data, def, rows, request.lang, shape));
        },
      });
      app.get(`/${path}/:id`, {
        config: readConfig,
        schema: { tags, summary: `Show one of ${path}`, response: { 200: { type: 'object', properties: { data: recordSchema(doc), labels: labelsSchema } } } },
        handler: async (request, reply) => {
          const def = pick(defs, request);
          const { record, labels } = await request.data.show(def, idOf(request));
          return reply.header('ETag', etagOf(record)).send({ data: record, labels });
        },
      });
    }
    if (actions.has('create')) {
      app.post(`/${path}`, {
        config,
        schema: { tags, summary: `Create one of ${path}`, body: body('create'), response: { 201: { type: 'object', properties: { data: recordSchema(doc) } } } },
        preValidation: prepareWrite(defs, 'create'),
        handler: async (request, reply) => {
          const def = pick(defs, request);
          const result = await request.data.create(def, request.body as Record<string, unknown>);
          if (result instanceof Diverted) return sendDiverted(request, reply, result);
          return reply.status(201).header('ETag', etagOf(result)).send({ data: result });
        },
      });
    }
    if (actions.has('update')) {
      for (const method of ['PUT', 'PATCH'] as const) {
        app.route({
          method,
          url: `/${path}/:id`,
          config: defs.length === 1 ? { ...config, record: { resource: doc, action: 'update' } } : config,
          schema: { tags, summary: `Update one of ${path} (partial)`, body: body('update'), response: { 200: { type: 'object', properties: { data: recordSchema(doc) } } } },
          preValidation: prepareWrite(defs, 'update'),
          handler: async (request, reply) => {
            const def = pick(defs, request);
            const id = idOf(request);
            const input = request.body as Record<string, unknown>;
            const result = await guarded(request, reply, () => request.data.update(def, id, input, expectedVersion(request)));
            if (result === null) return reply;
            if (result instanceof Diverted) return sendDiverted(request, reply, result);
            return reply.header('ETag', etagOf(result)).send({ data: result });
          },
        });
      }
    }
    if (actions.has('delete')) {
      app.delete(`/${path}/:id`, {
        config,
        schema: {
          tags,
          summary: `Delete one of ${path}: 204, or 200 with the record when it is archived instead (still in use)`,
          response: { 200: { type: 'object', properties: { message: { type: 'string' }, data: recordSchema(doc) } }, 204: NO_CONTENT },
        },
        handler: async (request, reply) => {
          const result = await guarded(request, reply, () => request.data.remove(pick(defs, request), idOf(request), expectedVersion(request)));
          if (result === null) return reply;
          if (result instanceof Diverted) return sendDiverted(request, reply, result);
          const removal = result;
          if (removal.kind === 'deleted') return reply.status(204).send();
          // Archived, not deleted: 200 with the record and a message saying so and why.
          return reply
            .header('ETag', etagOf(removal.record))
            .send({ message: translate(request.lang, 'messages.archived', { holders: holdersText(request.lang, removal.holders) }), data: removal.record });
        },
      });
      if (defs.some((d) => d.cancelsOnArchive)) {
        app.get(`/${path}/:id/archive-effects`, {
          config,
          schema: { tags, summary: `How many records still to come archiving one of ${path} would cancel, by resource`, response: { 200: { type: 'object', properties: { data: { type: 'object', additionalProperties: { type: 'integer' } } } } } },
          handler: async (request) => ({ data: await request.data.archiveEffects(pick(defs, request), idOf(request)) }),
        });
      }
      if (defs.some(isArchivable)) {
        app.post(`/${path}/:id/restore`, {
          // As restore() asks them: the right (403), an archivable record of the caller's (404), then the body.
          config: { ...config, record: (request: FastifyRequest) => restorable(pick(defs, request), request) },
          schema: { tags, summary: `Restore an archived one of ${path}`, body: NO_BODY, response: { 200: { type: 'object', properties: { data: recordSchema(doc) } } } },
          handler: async (request, reply) => {
            const record = await request.data.restore(pick(defs, request), idOf(request));
            return reply.header('ETag', etagOf(record)).send({ data: record });
          },
        });
      }
    }
  }
}

// Registry -> HTTP routes. One generic route table serves every resource: list, show, create,
// update (PUT and PATCH, both partial) and delete. A path may belong to a central and a tenant
// resource at once (e.g. locations); the host decides which one answers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../shared/resource';
import { isArchivable, resourceActions } from '../../shared/resource';
import { ApiError, invalidField, notFound } from '../http/errors';
import { type Lang, translate } from '../i18n';
import { StaleRecord, StillReferenced } from './data-access';
import { Diverted, type Row } from './hooks';
import type { Holder } from './references';
import { EXPORT_FORMATS, type ExportFormat, MAX_EXPORT_ROWS, exportFileName, toCsv, toXlsx } from './export';
import { parseListQuery } from './query';
import { type JsonSchema, bodySchema, recordSchema } from './schema';
import { assertValid, normalizeInput } from './validate';

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

export function registerResourceRoutes(app: FastifyInstance, resources: readonly ResourceDef[]): void {
  const byPath = new Map<string, ResourceDef[]>();
  for (const def of resources) byPath.set(def.path, [...(byPath.get(def.path) ?? []), def]);

  for (const [path, defs] of byPath) {
    const scope = defs.length > 1 ? 'any' : defs[0].scope;
    // Every handler here reaches the database through request.data's transactions only.
    // A module's routes answer 404 on a clinic without it, before the session is even judged.
    const config = { scope, confirmsInTransaction: true, ...(defs[0].module ? { module: defs[0].module } : {}) } as const;
    // Content anyone may read (public laws): its reads need no session.
    // A token sent is still judged: another host's is refused (401), as everywhere.
    const readConfig = defs.every((d) => d.publicRead) ? { ...config, auth: false, tokenChecked: true } : config;
    const doc = defs[0];
    const tags = [doc.name];
    const actions = new Set(defs.flatMap((d) => resourceActions(d)));
    // Bodies are validated by the engine (strict, localized); these schemas document the API.
    const documented = (schema: JsonSchema) => ({ ...schema, 'x-validated-by': 'engine' });

    if (actions.has('read')) {
      app.get(`/${path}`, {
        config: readConfig,
        schema: {
          tags,
          summary: `List ${path}`,
          querystring: {
            type: 'object',
            properties: {
              page: { type: 'integer', minimum: 1 },
              per_page: { type: 'integer', minimum: 1, maximum: 100 },
              sort: { type: 'string', description: `Comma-separated fields, '-' for descending. Default ${doc.defaultSort}` },
              q: { type: 'string', description: 'Text search' },
            },
            additionalProperties: { type: 'string', description: 'filter[field] or filter[field][op] with op one of eq, ne, gt, gte, lt, lte, in, like, null' },
          },
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
          querystring: { type: 'object', properties: { sort: { type: 'string' }, q: { type: 'string' }, format: { type: 'string', enum: [...EXPORT_FORMATS] } }, additionalProperties: { type: 'string' } },
          produces: ['text/csv', XLSX_TYPE],
        },
        handler: async (request, reply) => {
          const def = pick(defs, request);
          const { format = 'csv', ...params } = request.query as Record<string, unknown> & { format?: ExportFormat };
          if (!EXPORT_FORMATS.includes(format)) throw invalidField('format', 'validation.enum', { values: EXPORT_FORMATS.join(', ') });
          const query = parseListQuery(def, params);
          const rows = await request.data.exportRows(def, query, MAX_EXPORT_ROWS);
          if ('tooMany' in rows) throw new ApiError(422, 'errors.exportTooLarge', { count: rows.tooMany, max: MAX_EXPORT_ROWS });
          reply.header('Content-Disposition', `attachment; filename="${exportFileName(def, request.data.now(), format)}"`);
          if (format === 'xlsx') return reply.header('Content-Type', XLSX_TYPE).send(await toXlsx(request.data, def, rows, request.lang));
          return reply.header('Content-Type', 'text/csv; charset=utf-8').send(await toCsv(request.data, def, rows, request.lang));
        },
      });
      app.get(`/${path}/:id`, {
        config: readConfig,
        schema: { tags, summary: `Show one of ${path}`, response: { 200: { type: 'object', properties: { data: recordSchema(doc), labels: labelsSchema } } } },
        handler: async (request, reply) => {
          const def = pick(defs, request);
          const record = await request.data.get(def, idOf(request));
          return reply.header('ETag', etagOf(record)).send({ data: record, labels: await request.data.relationLabels(def, [record]) });
        },
      });
    }
    if (actions.has('create')) {
      app.post(`/${path}`, {
        config,
        schema: { tags, summary: `Create one of ${path}`, body: documented(bodySchema(doc, 'create')) },
        handler: async (request, reply) => {
          const def = pick(defs, request);
          request.data.authorize(def, 'create');
          const input = assertValid<Record<string, unknown>>(bodySchema(def, 'create'), normalizeInput(def, request.body));
          const result = await request.data.create(def, input);
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
          config,
          schema: { tags, summary: `Update one of ${path} (partial)`, body: documented(bodySchema(doc, 'update')) },
          handler: async (request, reply) => {
            const def = pick(defs, request);
            const id = idOf(request);
            request.data.authorize(def, 'update');
            const input = assertValid<Record<string, unknown>>(bodySchema(def, 'update'), normalizeInput(def, request.body));
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
        schema: { tags, summary: `Delete one of ${path}` },
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
          schema: { tags, summary: `How many records still to come archiving one of ${path} would cancel, by resource` },
          handler: async (request) => ({ data: await request.data.archiveEffects(pick(defs, request), idOf(request)) }),
        });
      }
      if (defs.some(isArchivable)) {
        app.post(`/${path}/:id/restore`, {
          config,
          schema: { tags, summary: `Restore an archived one of ${path}` },
          handler: async (request, reply) => {
            const record = await request.data.restore(pick(defs, request), idOf(request));
            return reply.header('ETag', etagOf(record)).send({ data: record });
          },
        });
      }
    }
  }
}

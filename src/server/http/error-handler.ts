// Turns every failure into the contract's shape: { message } in the caller's language, with
// `errors` per field on 422. Bad input is always a 4xx; only real faults answer 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Lang, pickLanguage, translate, translator } from '../i18n';
import { toFieldErrors } from '../engine/validate';
import { resourceByName } from '../../../resources/index';
import { fieldLabel } from '../../shared/labels';
import { ApiError, type FieldErrors, type FieldMessage, invalid } from './errors';

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  column?: string;
  constraint?: string;
  table?: string;
}

function renderMessage(lang: Lang, m: FieldMessage): string {
  const def = m.labels && resourceByName(m.labels.resource);
  if (!def || !m.labels) return translate(lang, m.key, m.vars);
  const t = translator(lang);
  const vars = { ...m.vars };
  for (const name of m.labels.vars) vars[name] = fieldLabel(t, def, String(vars[name]));
  return translate(lang, m.key, vars);
}

function render(lang: Lang, fields: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.map((m) => renderMessage(lang, m))]));
}

/** The last non-tenant column named in a PostgreSQL "Key (a, b)=(...)" detail. */
function keyColumn(detail: string | undefined): string | null {
  // The key's columns end where its values start: an expression's own parentheses (lower(name)) stay in.
  const m = /Key \((.+?)\)=\(/.exec(detail ?? '');
  if (!m) return null;
  const cols = m[1].split(',').map((c) => c.trim().replace(/^lower\((.*)\)$/, '$1'));
  return cols.filter((c) => c !== 'tenant_id').pop() ?? null;
}

/**
 * The field a constraint is about, from its name when row-level security hides the detail:
 * PostgreSQL names them <table>_<columns>_key / _fkey / _check (drugs_tenant_id_name_key: name).
 */
function constraintField(err: PgError): string {
  const fromDetail = keyColumn(err.detail);
  if (fromDetail) return fromDetail;
  let name = err.constraint ?? '';
  if (err.table && name.startsWith(`${err.table}_`)) name = name.slice(err.table.length + 1);
  // A comparison between fields (<table>_<field>_vs_<other>_check) is about its first field.
  name = name.replace(/_(key|fkey|idx|check|pkey)$/, '').replace(/^tenant_id_/, '').replace(/_vs_.*$/, '');
  return name || err.column || '_';
}

/** Database errors caused by the input, mapped to what the user did wrong. */
function fromDatabase(err: PgError): ApiError | null {
  switch (err.code) {
    case '23505':
      return invalid({ [constraintField(err)]: [{ key: 'validation.unique' }] });
    case '23503':
      // Inserting with a missing target is the caller's mistake; deleting a referenced row is a conflict.
      if (/is still referenced/.test(err.detail ?? '') || /^update or delete on table/.test(err.message ?? '')) return new ApiError(409, 'errors.conflict');
      return invalid({ [constraintField(err)]: [{ key: 'validation.relation' }] });
    case '23502':
      return invalid({ [err.column ?? '_']: [{ key: 'validation.required' }] });
    case '23514':
      return invalid({ [err.column ?? constraintField(err)]: [{ key: 'validation.pattern' }] });
  }
  // Any other data exception (bad encoding, out of range, invalid text representation...): the input's.
  if (err.code?.startsWith('22')) return invalid({ [err.column ?? '_']: [{ key: 'validation.pattern' }] });
  return null;
}

/** Multipart bodies the parser (busboy) cannot read: no boundary, cut short, bad part headers. */
const MALFORMED_MULTIPART = /^(Multipart: |Unexpected end of (form|multipart)|Malformed part header|Malformed urlencoded form)/;

function fromFastify(err: FastifyError): ApiError | null {
  if (err.validation) return invalid(toFieldErrors(err.validation as Parameters<typeof toFieldErrors>[0]));
  if (MALFORMED_MULTIPART.test(err.message ?? '')) return new ApiError(400, 'errors.malformedMultipart');
  if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ApiError(415, 'errors.unsupportedMediaType');
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'errors.malformedJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'errors.bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(415, 'errors.unsupportedMediaType');
  }
  if (err.statusCode === 429) return new ApiError(429, 'errors.tooManyRequests');
  if (err instanceof SyntaxError || err.statusCode === 400) return new ApiError(400, 'errors.badQuery');
  if (err.statusCode === 413) return new ApiError(413, 'errors.bodyTooLarge');
  if (err.statusCode === 415) return new ApiError(415, 'errors.unsupportedMediaType');
  return null;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? pickLanguage(request.headers['accept-language']);
    const known = error instanceof ApiError ? error : (fromDatabase(error as PgError) ?? fromFastify(error));
    if (!known) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: translate(lang, 'errors.server') });
    }
    const body: { message: string; errors?: Record<string, string[]> } = { message: translate(lang, known.key, known.vars) };
    if (known.fields) body.errors = render(lang, known.fields);
    return reply.status(known.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = request.lang ?? pickLanguage(request.headers['accept-language']);
    // Like every API answer, never kept by a browser or a proxy (a route added later must not be hidden by a kept 404).
    return reply.status(404).header('Cache-Control', 'no-store').send({ message: translate(lang, 'errors.routeNotFound', { method: request.method, url: request.url.split('?')[0] }) });
  });
}

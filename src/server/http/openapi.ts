// The OpenAPI document, from what each route enforces (@fastify/swagger's transform): its route
// options say whether a token is needed (401, `security: []` when not), whether a caller may be
// refused (403), which record or host may be missing (404), what input is judged (422), its rate
// limit (429), and the engine's version checks (If-Match, 412) and conflicts (409). Every error
// has the one body the error handler sends. Only the document changes here, never the route.
import type { FastifySchema, RouteOptions } from 'fastify';
import type { JsonSchema } from '../engine/schema';
import { ERROR_BODY } from './answers';
import { IDEMPOTENT_METHODS } from './idempotency';

const ERRORS: Record<number, string> = {
  401: 'No session, or one not good on this host',
  403: 'The caller may not do this',
  404: 'No such record here (or the route is not served on this host or without its module)',
  409: 'The record is in use, or not in a state that allows this',
  412: 'If-Match names an older version: the answer carries the record as it is now',
  422: 'The input is refused: `errors` says why, per field',
  429: 'Too many requests from this address: try again later',
};

const HEADERS = {
  'accept-language': { type: 'string', description: 'ckb (default), ar or en: the language of messages' },
  'idempotency-key': { type: 'string', maxLength: 200, description: 'A retried write (POST, PUT, PATCH, DELETE) with the same key answers what the first did, without doing it twice' },
  'if-match': { type: 'string', description: 'The ETag of the version the change is based on: an older one is refused with 412' },
};

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** Error answers a route gives, from its options. */
function errorsOf(route: RouteOptions, schema: Record<string, unknown>): number[] {
  const config = route.config ?? {};
  const methods = methodsOf(route);
  const needsSession = config.auth !== false;
  const out: number[] = [];
  if (needsSession || config.tokenChecked || route.url.endsWith('/logout')) out.push(401);
  if (needsSession) out.push(403);
  if (route.url.includes('/:') || config.module || config.scope !== 'any' || !needsSession) out.push(404);
  const engineWrite = config.confirmsInTransaction && route.url.endsWith('/:id') && methods.some((m) => ['PUT', 'PATCH', 'DELETE'].includes(m));
  if (engineWrite && methods.includes('DELETE')) out.push(409);
  if (engineWrite) out.push(412);
  if (schema.body || schema.querystring || route.url.includes('/:') || methods.some((m) => m !== 'GET')) out.push(422);
  if (config.rateLimit) out.push(429);
  return out;
}

export function describeRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }): { schema: FastifySchema; url: string } {
  const source = (schema ?? {}) as Record<string, unknown>;
  if (source.hide) return { schema, url };
  const config = route.config ?? {};
  const methods = methodsOf(route);
  const response: Record<string, JsonSchema> = { ...((source.response as Record<string, JsonSchema> | undefined) ?? {}) };
  // A file or a stream (CSV, a ZIP, events): what it is, not a JSON shape.
  const produces = (source.produces as string[] | undefined) ?? [];
  if (produces.length && !response[200]) response[200] = { description: `The file (${produces.join(', ')})` };
  for (const status of errorsOf(route, source)) response[status] ??= { ...ERROR_BODY, description: ERRORS[status] };
  const engineWrite = config.confirmsInTransaction && route.url.endsWith('/:id') && methods.some((m) => ['PUT', 'PATCH', 'DELETE'].includes(m));
  const headers: Record<string, JsonSchema> = { 'accept-language': HEADERS['accept-language'] };
  if (methods.some((m) => IDEMPOTENT_METHODS.has(m))) headers['idempotency-key'] = HEADERS['idempotency-key'];
  if (engineWrite) headers['if-match'] = HEADERS['if-match'];
  const described: Record<string, unknown> = {
    ...source,
    headers: { type: 'object', properties: { ...headers, ...(((source.headers as JsonSchema | undefined)?.properties as JsonSchema | undefined) ?? {}) } },
    response,
  };
  // Public routes need no token.
  if (config.auth === false) described.security = [];
  return { schema: described as FastifySchema, url };
}

// Checks every request's input before any handler sees it, so no route can forget them:
// - text may not carry control characters (a NUL byte, which PostgreSQL refuses in text) or lone
//   UTF-16 surrogates, anywhere in the body, the query or the path: 422 on the field;
// - an id in the path is a canonical positive decimal integer (`01`, `0x10`, ` 1`, `1e3` name
//   no record): 404, exactly like a record that does not exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FieldErrors, invalid, notFound } from './errors';

// Tab, line feed and carriage return are text; the other C0 controls and DEL are not.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

function badText(value: string): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** Every string in `value` (at any depth) that is not clean text, by its dotted path. */
function findBadText(value: unknown, path: string, out: FieldErrors, depth = 0): void {
  if (depth > 20) return;
  if (typeof value === 'string') {
    if (badText(value)) out[path || '_'] = [{ key: 'validation.badCharacters' }];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findBadText(item, path ? `${path}.${i}` : String(i), out, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (badText(key)) out[path || '_'] = [{ key: 'validation.badCharacters' }];
      else findBadText(item, path ? `${path}.${key}` : key, out, depth + 1);
    }
  }
}

function isIdParam(name: string): boolean {
  return name === 'id' || name.endsWith('Id') || name.endsWith('_id');
}

/** A path id that is not canonical names no record: 404, before anything else judges the request. */
export function checkIds(request: FastifyRequest): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (isIdParam(name) && !(typeof value === 'string' && CANONICAL_ID.test(value))) throw notFound();
  }
}

export function checkInput(request: FastifyRequest): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  findBadText(request.query, '', errors);
  findBadText(params, '', errors);
  // Query parameters name themselves ("q", "filter[name]"); body fields by their path.
  findBadText(request.body, '', errors);
  if (Object.keys(errors).length) throw invalid(errors);
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkIds(request));
  app.addHook('preHandler', async (request) => checkInput(request));
}

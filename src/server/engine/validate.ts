// Request body validation with Ajv, and the mapping of its errors to localized per-field messages.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { type FieldErrors, invalid } from '../http/errors';
import type { ResourceDef } from '../../shared/resource';
import type { JsonSchema } from './schema';

// ajv-formats ships CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

// Bodies are validated strictly: no type coercion, no silently dropped fields.
// verbose: errors carry their schema, so a range message can name both ends.
const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false, verbose: true });
addFormats(ajv, ['email', 'date', 'date-time', 'uri']);

const cache = new WeakMap<JsonSchema, ValidateFunction>();

export function compile(schema: JsonSchema): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

/** The field an error is about; inside lists a dotted path such as `prescriptions.0.dose`. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return path.join('.') || '_';
}

function messageOf(error: ErrorObject): { key: string; vars?: Record<string, string | number> } {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { key: 'validation.required' };
    case 'additionalProperties':
      return { key: 'validation.unknownField' };
    case 'type': {
      const type = String(Array.isArray(p.type) ? p.type[0] : p.type);
      return { key: ['integer', 'number', 'boolean', 'string', 'array'].includes(type) ? `validation.${type}` : 'validation.type', vars: { type } };
    }
    case 'minimum':
    case 'maximum': {
      // Both ends known: say the whole allowed range ("Must be between 30 and 45").
      const range = error.parentSchema as { minimum?: number; maximum?: number } | undefined;
      if (range?.minimum !== undefined && range.maximum !== undefined && Math.abs(range.maximum) < 1e9 && Math.abs(range.minimum) < 1e9) {
        return { key: 'validation.range', vars: { min: range.minimum, max: range.maximum } };
      }
      return { key: `validation.${error.keyword}`, vars: { limit: Number(p.limit) } };
    }
    case 'minLength':
    case 'maxLength':
      return { key: `validation.${error.keyword}`, vars: { limit: Number(p.limit) } };
    case 'format':
      return { key: p.format === 'date' ? 'validation.date' : p.format === 'date-time' ? 'validation.datetime' : p.format === 'email' ? 'validation.email' : 'validation.pattern' };
    case 'enum':
      return { key: 'validation.enum' };
    case 'maxItems':
      return { key: 'validation.maxItems', vars: { limit: Number(p.limit) } };
    default:
      return { key: 'validation.pattern' };
  }
}

export function toFieldErrors(errors: ErrorObject[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const field = fieldOf(error);
    const message = messageOf(error);
    const list = (out[field] ??= []);
    // One message per field is what a form can show; the first is the most basic one.
    if (!list.some((m) => m.key === message.key)) list.push(message);
  }
  return out;
}

/**
 * Tidies a body before validation: text is trimmed (passwords excepted) and fields declared
 * lower-case are lowered, so "Demo " and "demo" are the same subdomain.
 */
export function normalizeInput(def: ResourceDef, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [name, value] of Object.entries(out)) {
    const field = def.fields[name];
    if (!field || typeof value !== 'string' || field.type === 'password') continue;
    const trimmed = value.trim();
    out[name] = field.lowercase || field.type === 'email' ? trimmed.toLowerCase() : trimmed;
  }
  return out;
}

/** Validates a body against a schema, throwing a 422 with per-field errors. */
export function assertValid<T>(schema: JsonSchema, body: unknown): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid({ _: [{ key: 'validation.type', vars: { type: 'object' } }] });
  const fn = compile(schema);
  if (!fn(body)) throw invalid(toFieldErrors(fn.errors ?? []));
  return body as T;
}

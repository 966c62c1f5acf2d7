// Request body validation with Ajv, and the mapping of its errors to localized per-field messages.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldErrors } from '../http/errors';
import { latinDigits, parseNumberText } from '../../shared/digits';
import { isE164Phone, toE164 } from '../../shared/phone';
import type { FieldDef, ResourceDef } from '../../shared/resource';
import type { JsonSchema } from './schema';

// ajv-formats ships CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

// Bodies are validated strictly: no type coercion, no silently dropped fields.
// verbose: errors carry their schema, so a range message can name both ends.
const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false, verbose: true });
addFormats(ajv, ['email', 'date', 'date-time', 'uri']);
// A phone is stored in E.164 (normalizeInput converts what was typed): anything else is refused.
ajv.addFormat('phone', { type: 'string', validate: (value: string) => isE164Phone(value) });

// Keyed by the schema's text, not its object: each app built in a process (the API tests build one
// per file) makes its routes' schemas anew, and compiling them was half of an app's start.
const cache = new Map<string, ValidateFunction>();

export function compile(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = cache.get(key);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(key, fn);
  }
  return fn;
}

/**
 * Fastify's validator for every route's body, query string and path parameters: the same strict
 * Ajv (no coercion: query values are text and their schemas say so). A schema marked
 * `x-validated-by: engine` is checked by the engine against the declaration (a list's filters,
 * whose names come from the request) and passes here.
 */
export function routeValidator({ schema }: { schema: JsonSchema }): (data: unknown) => boolean {
  if (schema['x-validated-by'] === 'engine') return () => true;
  return compile(schema) as (data: unknown) => boolean;
}

/** The field an error is about; inside lists a dotted path such as `prescriptions.0.dose`. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return path.join('.') || '_';
}

const FORMAT_MESSAGES: Record<string, string> = { date: 'validation.date', 'date-time': 'validation.datetime', email: 'validation.email', phone: 'validation.phone' };

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
      return { key: FORMAT_MESSAGES[String(p.format)] ?? 'validation.pattern' };
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

const NUMERIC = new Set(['integer', 'number', 'money']);
const DATES = new Set(['date', 'datetime', 'time']);

/**
 * One value as typed -> as stored, before validation: digits of every script become ASCII in
 * numbers, phones and dates (a client is never trusted to have done it); a number typed as text
 * (٣٧٫٥, "37.5") becomes a number; a phone becomes E.164; text is trimmed (passwords excepted) and
 * fields declared lower-case are lowered. What does not convert is left for validation to refuse.
 */
function normalizeValue(field: FieldDef, value: unknown): unknown {
  if (field.type === 'list' && Array.isArray(value) && field.items) return value.map((item: unknown) => normalizeRecord(field.items!, item));
  if (typeof value !== 'string' || field.type === 'password') return value;
  if (NUMERIC.has(field.type)) return parseNumberText(value) ?? value;
  if (DATES.has(field.type)) return latinDigits(value).trim();
  const trimmed = value.trim();
  if (field.type === 'phone') return toE164(trimmed) ?? latinDigits(trimmed);
  return field.lowercase || field.type === 'email' ? trimmed.toLowerCase() : trimmed;
}

function normalizeRecord(fields: Record<string, FieldDef>, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [name, value] of Object.entries(out)) {
    const field = fields[name];
    if (field) out[name] = normalizeValue(field, value);
  }
  return out;
}

/** Tidies a request body before validation (see normalizeValue), so "Demo " and "demo" are the same subdomain. */
export function normalizeInput(def: ResourceDef, body: unknown): unknown {
  return normalizeRecord(def.fields, body);
}

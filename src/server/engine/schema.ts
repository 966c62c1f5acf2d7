// Declaration -> JSON Schema. The same schemas validate request bodies and describe the API in
// OpenAPI, so what the documentation says is exactly what the server checks.
import { enumValues } from '../../shared/enums';
import { CLIENT_REF_FIELD, type FieldDef, type ResourceDef, allFields, readableFields, writableFields } from '../../shared/resource';

export type JsonSchema = Record<string, unknown>;

const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';

function baseSchema(field: FieldDef): JsonSchema {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'password':
      return {
        type: 'string',
        minLength: field.minLength ?? (field.required ? 1 : undefined),
        maxLength: field.maxLength,
        pattern: field.pattern,
        ...(field.choices ? { enum: [...field.choices] } : {}),
      };
    case 'phone':
      // Stored in E.164 (see validate.ts: normalizeInput converts what was typed, the format checks it).
      return { type: 'string', maxLength: field.maxLength ?? 30, format: 'phone', pattern: field.pattern };
    case 'email':
      return { type: 'string', format: 'email', maxLength: field.maxLength ?? 200 };
    case 'url':
      // Web links only: no javascript:, data: or other schemes a page could be made to open.
      return { type: 'string', format: 'uri', pattern: '^https?://', maxLength: field.maxLength ?? 500 };
    case 'integer':
      return { type: 'integer', minimum: field.min ?? -2147483648, maximum: field.max ?? 2147483647 };
    case 'number':
    case 'money':
      return { type: 'number', minimum: field.min, maximum: field.max ?? 1e12 };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'time':
      return { type: 'string', pattern: TIME_PATTERN };
    case 'enum':
      return { type: 'integer', enum: [...enumValues(field.enum ?? '')] };
    case 'relation':
    case 'file':
      return { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
    case 'json':
      return { type: 'object', additionalProperties: true };
    case 'list':
      return { type: 'array', maxItems: field.maxItems ?? 50, items: itemsSchema(field, 'input') };
  }
}

/** The record shape of a list's items: what a client sends, or what the API returns. */
function itemsSchema(field: FieldDef, mode: 'input' | 'output'): JsonSchema {
  const entries = Object.entries(field.items ?? {}).filter(([, f]) => mode === 'output' || !f.readOnly);
  const required = mode === 'input' ? entries.filter(([, f]) => f.required).map(([n]) => n) : [];
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(entries.map(([n, f]) => [n, fieldSchema(mode === 'output' ? { ...f, nullable: true } : f)])),
    ...(required.length ? { required } : {}),
  };
}

function clean(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
}

export function fieldSchema(field: FieldDef): JsonSchema {
  const schema = clean(baseSchema(field));
  if (!field.nullable) return schema;
  const nullable: JsonSchema = { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) nullable.enum = [...schema.enum, null];
  return nullable;
}

const bodies = new WeakMap<ResourceDef, Record<'create' | 'update', JsonSchema>>();

/** Body schema for create (required fields enforced) or update (every field optional); built once. */
export function bodySchema(def: ResourceDef, mode: 'create' | 'update'): JsonSchema {
  let pair = bodies.get(def);
  if (!pair) {
    pair = { create: buildBodySchema(def, 'create'), update: buildBodySchema(def, 'update') };
    bodies.set(def, pair);
  }
  return pair[mode];
}

function buildBodySchema(def: ResourceDef, mode: 'create' | 'update'): JsonSchema {
  // A record made offline brings the device's reference on create (ResourceDef.offline); never after.
  const fields = mode === 'create' && def.offline ? [...writableFields(def), ['client_ref', { ...CLIENT_REF_FIELD, readOnly: false, nullable: false }] as [string, FieldDef]] : writableFields(def);
  const required = mode === 'create' ? fields.filter(([, f]) => f.required && f.default === undefined).map(([n]) => n) : [];
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map(([name, f]) => [name, fieldSchema(f)])),
    ...(required.length ? { required } : {}),
  };
}

/** Limits judge what a client sends; an answer holds what is stored (older rows, server-set values). */
const INPUT_LIMITS = new Set(['minimum', 'maximum', 'minLength', 'maxLength', 'pattern']);
function answerSchema(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !INPUT_LIMITS.has(key)));
}

/** The record as the API returns it (for OpenAPI). */
export function recordSchema(def: ResourceDef): JsonSchema {
  const fields = allFields(def);
  return {
    type: 'object',
    properties: Object.fromEntries(
      readableFields(def).map((name) => {
        const field = fields[name];
        const schema =
          // json: any value (an array, an object, null); a typed schema would make the serializer
          // turn an array or null into {}.
          field.type === 'list' ? { type: 'array', items: itemsSchema(field, 'output') } : field.type === 'json' ? { description: 'Any JSON value' } : answerSchema(fieldSchema({ ...field, nullable: true }));
        return [name, schema];
      }),
    ),
  };
}

// Schemas of the API's answers, for the routes' `schema.response` (and so the OpenAPI document).
// Open objects: they say what an answer holds; tests/api/openapi.test.ts checks real answers
// against them.
import type { JsonSchema } from '../engine/schema';

export const ERROR_BODY: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: "What went wrong, in the caller's language (Accept-Language)" },
    errors: { type: 'object', description: 'On 422: messages per field (a dotted path inside lists)', additionalProperties: { type: 'array', items: { type: 'string' } } },
    data: { description: 'On 412: the record as it is now' },
  },
};

export const obj = (properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
export const arr = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
/** Any JSON object (a record, a setting) whose fields the route's summary names. */
export const anyObject: JsonSchema = { type: 'object' };

/** `{ data: ... }` */
export const dataAnswer = (data: JsonSchema): JsonSchema => obj({ data });
/** An answer with no body (204). */
export const NO_CONTENT: JsonSchema = { type: 'null', description: 'Done: no content' };

/** `{ message }` */
export const messageAnswer: JsonSchema = obj({ message: str });
/** A list answer of hand routes: `{ data: [...] }`. */
export const listAnswer = (item: JsonSchema): JsonSchema => dataAnswer(arr(item));

/** The logged-in user as login and GET .../user give it. */
export const authUser: JsonSchema = obj(
  {
    id: int,
    name: str,
    username: str,
    email: nullable(str),
    phone: nullable(str),
    role: int,
    is_active: bool,
    time_zone: str,
    permissions: arr(obj({ id: int, name: str, table_name: str })),
    tenant: obj({ id: int, name: str, subdomain: str, status: int, modules: arr(str) }),
    support: anyObject,
  },
  ['id', 'name', 'username', 'role'],
);

/** A page path's string query value: a day (YYYY-MM-DD). */
export const dayParam: JsonSchema = { type: 'string', format: 'date' };

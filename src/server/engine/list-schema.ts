// The query string of a resource's list and export, as the engine reads it (query.ts), for
// OpenAPI: paging (at most MAX_PER_PAGE, what the server applies), sort, search and one
// parameter per filter the declaration allows. parseListQuery checks it (localized 422s).
import { MAX_PER_PAGE, type ResourceDef, allFields, isArchivable } from '../../shared/resource';
import { DEFAULT_PER_PAGE, OPS } from './query';
import type { JsonSchema } from './schema';

function sortableFields(def: ResourceDef): string[] {
  const fields = allFields(def);
  return Object.keys(fields).filter((name) => fields[name].sortable || name === def.titleField);
}

function filterParams(def: ResourceDef): Record<string, JsonSchema> {
  const fields = allFields(def);
  const out: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!(field.filterable || name === 'id') || field.writeOnly || field.virtual) continue;
    const ops = field.encrypted ? ['eq'] : OPS;
    out[`filter[${name}]`] = { type: 'string', description: `${name} equals this value` };
    for (const op of ops) if (op !== 'eq') out[`filter[${name}][${op}]`] = { type: 'string', description: op === 'in' ? `${name} is one of these comma-separated values` : op === 'null' ? `true: ${name} is empty; false: it is not` : `${name} ${op} this value` };
  }
  if (isArchivable(def)) out['filter[archived]'] = { type: 'string', enum: ['true', 'false'], description: 'true: the archived records only; default: the others' };
  return out;
}

export function listQuerySchema(def: ResourceDef, paged = true): JsonSchema {
  const sortable = sortableFields(def);
  return {
    type: 'object',
    'x-validated-by': 'engine',
    properties: {
      ...(paged
        ? {
            page: { type: 'integer', minimum: 1, default: 1 },
            per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
          }
        : {}),
      sort: { type: 'string', description: `Comma-separated fields, '-' before one for descending: ${sortable.join(', ')}. Default ${def.defaultSort}` },
      q: { type: 'string', maxLength: 200, description: 'Text search' },
      ...filterParams(def),
    },
    additionalProperties: false,
  };
}

// Parses list query strings (?page=&per_page=&sort=&q=&filter[field][op]=) against a declaration.
// Anything that does not fit the declaration is a 422 naming the parameter, never a 500.
import { type FieldDef, MAX_PER_PAGE, type ResourceDef, allFields, isArchivable } from '../../shared/resource';
import { type FieldErrors, badQuery } from '../http/errors';
import { latinDigits } from '../../shared/digits';
import { toE164 } from '../../shared/phone';

export type FilterOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'like' | 'null';
/** A page's size when the query names none. */
export const DEFAULT_PER_PAGE = 25;

export const OPS: readonly FilterOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'null'];
export type FilterValue = string | number | boolean;

export interface Filter {
  field: string;
  op: FilterOp;
  value: FilterValue | FilterValue[];
}

export interface ListQuery {
  page: number;
  perPage: number;
  sort: { field: string; desc: boolean }[];
  q?: string;
  filters: Filter[];
  /** filter[archived]=true|false on archivable resources; absent: only records not archived. */
  archived?: boolean;
}

const FILTER_KEY = /^filter\[([a-z0-9_]+)\](?:\[([a-z]+)\])?$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_TYPES = new Set(['string', 'text', 'email', 'phone', 'url']);

function single(v: unknown): string | undefined {
  if (Array.isArray(v)) return single(v[v.length - 1]);
  return typeof v === 'string' ? v : undefined;
}

function positiveInt(v: string | undefined, fallback: number): number | null {
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 ? n : null;
}

/** Converts one filter value to the field's type; null when it does not fit. */
function coerce(field: FieldDef, typed: string): FilterValue | null {
  // Numbers and dates in any script's digits (filter[age][gte]=٣٠).
  const raw = TEXT_TYPES.has(field.type) ? typed : latinDigits(typed);
  switch (field.type) {
    case 'integer':
    case 'enum':
    case 'relation':
      return /^-?\d{1,15}$/.test(raw) ? Number(raw) : null;
    case 'number':
    case 'money':
      return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
    case 'boolean':
      return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : null;
    case 'date':
      return DATE.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : null;
    case 'datetime':
      return !Number.isNaN(Date.parse(raw)) ? new Date(raw).toISOString() : null;
    case 'phone':
      // Stored in E.164: filter[phone]=0771 188 1259 names the same number.
      return raw.length <= 500 ? (toE164(raw) ?? raw) : null;
    default:
      return raw.length <= 500 ? raw : null;
  }
}

export function parseListQuery(def: ResourceDef, raw: Record<string, unknown>): ListQuery {
  const errors: FieldErrors = {};
  const fields = allFields(def);
  const fail = (param: string, key: string, vars?: Record<string, string | number>) => {
    (errors[param] ??= []).push({ key, vars });
  };

  const page = positiveInt(single(raw.page), 1);
  if (page === null) fail('page', 'validation.page');
  const perPage = positiveInt(single(raw.per_page), DEFAULT_PER_PAGE);
  if (perPage === null) fail('per_page', 'validation.page');

  const sort: ListQuery['sort'] = [];
  const sortParam = single(raw.sort) ?? def.defaultSort;
  for (const part of sortParam.split(',').map((s) => s.trim()).filter(Boolean)) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    if (!fields[name]?.sortable && !(name === def.titleField && fields[name])) fail('sort', 'validation.sortField', { field: name });
    else sort.push({ field: name, desc });
  }

  const q = single(raw.q)?.trim();
  if (q && q.length > 200) fail('q', 'validation.maxLength', { limit: 200 });

  const filters: Filter[] = [];
  let archived: boolean | undefined;
  for (const [key, value] of Object.entries(raw)) {
    if (['page', 'per_page', 'sort', 'q'].includes(key)) continue;
    if (key === 'filter[archived]' && isArchivable(def)) {
      const text = single(value);
      if (text === 'true' || text === 'false') archived = text === 'true';
      else fail(key, 'validation.boolean');
      continue;
    }
    const m = FILTER_KEY.exec(key);
    if (!m) {
      fail(key, 'validation.unknownField');
      continue;
    }
    const [, name, opRaw] = m;
    const op = (opRaw ?? 'eq').toLowerCase() as FilterOp;
    const field = fields[name];
    if (!field || !(field.filterable || name === 'id') || field.writeOnly || field.virtual) {
      fail(key, 'validation.filterField', { field: name });
      continue;
    }
    // A sealed field is found by its exact value only (its lookup hash).
    if (!OPS.includes(op) || (field.encrypted && op !== 'eq')) {
      fail(key, 'validation.filterOperator', { op });
      continue;
    }
    const text = single(value) ?? '';
    if (op === 'null') {
      if (text !== 'true' && text !== 'false') fail(key, 'validation.boolean');
      else filters.push({ field: name, op, value: text === 'true' });
      continue;
    }
    if (op === 'like' && !TEXT_TYPES.has(field.type)) {
      fail(key, 'validation.filterOperator', { op });
      continue;
    }
    const parts = op === 'in' ? text.split(',').filter((s) => s !== '') : [text];
    if (op === 'in' && (parts.length === 0 || parts.length > 200)) {
      fail(key, 'validation.filterField', { field: name });
      continue;
    }
    const coerced = parts.map((p) => coerce(field, p));
    if (coerced.some((c) => c === null)) {
      fail(key, TEXT_TYPES.has(field.type) ? 'validation.maxLength' : `validation.${field.type === 'boolean' ? 'boolean' : field.type === 'date' ? 'date' : 'number'}`, { limit: 500 });
      continue;
    }
    const values = coerced as FilterValue[];
    filters.push({ field: name, op, value: op === 'in' ? values : values[0] });
  }

  if (Object.keys(errors).length) throw badQuery(errors);
  return { page: page ?? 1, perPage: Math.min(perPage ?? DEFAULT_PER_PAGE, MAX_PER_PAGE), sort, q: q || undefined, filters, archived };
}

/** The number a search box's text names whole ("42", "#42", "٤٢"), for a `sequence` field; else null. */
export function searchedNumber(q: string): number | null {
  const text = latinDigits(q).trim().replace(/^#\s*/, '');
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

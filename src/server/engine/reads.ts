// The SQL of reading a declared resource: the WHERE every query of an action is limited to, the
// columns answered, one record (404 otherwise), and a list's page with its total.
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { resourceByName } from '../../../resources/index';
import { type Action, type FieldDef, type ResourceDef, type RowFilter, allFields, isArchivable, readableFields } from '../../shared/resource';
import { notFound } from '../http/errors';
import type { Row, Tx } from './hooks';
import type { Filter, ListQuery } from './query';
import { type Shaped, statementOf } from './kept-statements';
import type { Sealer } from './sealing';
import { filterSql, lookupSql, numberSql, searchFunctionSql, searchRank, searchSql } from './search-sql';
import { asLast } from './scope';

/** Whose reads these are: the clinic, the caller's user id (row filters), how rows are opened. */
export interface ReadScope {
  tenantId: number | null;
  /** Null: no caller to compare with (a job, a restore): no row is anyone's own. */
  userId: number | null;
  sealer: Sealer;
}

/** A subquery over the rows read (`from`: them as a table), answered with them (relation titles). */
export type PageColumn = (from: RawBuilder<unknown>) => RawBuilder<unknown>;

/** An If-Match that names a version the record has moved past: the route answers 412 with it. */
export class StaleRecord extends Error {
  constructor(readonly current: Row) {
    super('stale record');
  }
}

export function callerValue(scope: ReadScope, filter: RowFilter): number | null {
  switch (filter.equals) {
    case 'caller.user_id':
      return scope.userId;
  }
}

/**
 * What every query of `action` on the resource is limited to: the clinic, the fixed columns, and
 * the action's row filter (ResourceDef.rowFilter). The one place every list, show, update and
 * delete gets its WHERE from, so a row outside the filter is simply not found (404).
 */
export function scopeWhere(scope: ReadScope, def: ResourceDef, action: Action): RawBuilder<unknown>[] {
  const where = def.scope === 'tenant' ? [sql`tenant_id = ${scope.tenantId}`] : [];
  for (const [column, value] of Object.entries(def.fixed ?? {})) where.push(sql`${sql.ref(column)} = ${value}`);
  const filter = def.rowFilter?.[action];
  if (filter) {
    const value = callerValue(scope, filter);
    where.push(value === null ? sql`false` : sql`${sql.ref(filter.column)} = ${value}`);
  }
  return where;
}

/** The total of a child resource's field over the row's children (FieldDef.sum), as a subquery. */
function sumSql(def: ResourceDef, sum: NonNullable<FieldDef['sum']>): RawBuilder<unknown> {
  const child = resourceByName(sum.of);
  const key = child.within!.field;
  const clinic = def.scope === 'tenant' ? sql` and c.tenant_id = ${sql.ref(`${def.table}.tenant_id`)}` : sql``;
  const live = isArchivable(child) ? sql` and c.archived_at is null` : sql``;
  const value = sum.minus
    ? sql`case when c.${sql.ref(sum.minus.field)} = ${sum.minus.equals} then -c.${sql.ref(sum.field)} else c.${sql.ref(sum.field)} end`
    : sql`c.${sql.ref(sum.field)}`;
  return sql`(select coalesce(sum(${value}), 0) from ${sql.table(child.table)} c where c.${sql.ref(key)} = ${sql.ref(`${def.table}.id`)}${clinic}${live})`;
}

const columnsOf = new WeakMap<ResourceDef, RawBuilder<unknown>>();

/** The columns answered. Computed fields have no column (the present hook fills them); a sum is selected with the row. */
export function columns(def: ResourceDef): RawBuilder<unknown> {
  // The same for every request (a builder is immutable): built once per declaration.
  let built = columnsOf.get(def);
  if (!built) columnsOf.set(def, (built = columnsSql(def)));
  return built;
}

function columnsSql(def: ResourceDef): RawBuilder<unknown> {
  const fields = allFields(def);
  return sql.join(
    readableFields(def)
      .filter((f) => !fields[f].computed)
      .map((f) => (fields[f].sum ? sql`${sumSql(def, fields[f].sum!)} as ${sql.ref(f)}` : sql.ref(f))),
  );
}

/** Whether a record has moved past the version an If-Match named (none named: never). */
export const isStale = (row: Row, expected: number | undefined): boolean => expected !== undefined && Number(row.version) !== expected;

/**
 * One record the caller may `action`, or 404. With `expected` (an If-Match), the row is locked
 * until the transaction ends and must still be at that version, or StaleRecord is thrown (or,
 * `staleOk`, the caller judges: isStale).
 */
export async function fetchOne(trx: Tx, scope: ReadScope, def: ResourceDef, action: Action, id: number, expected?: number, staleOk = false): Promise<Row> {
  const where = [...scopeWhere(scope, def, action), sql`id = ${id}`];
  const lock = expected === undefined ? sql`` : sql` for update`;
  const { rows } = await sql<Row>`select ${columns(def)} from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}${lock}`.execute(trx);
  if (!rows[0]) throw notFound();
  const [row] = await scope.sealer.opened(trx, def, rows);
  if (!staleOk && isStale(row, expected)) throw new StaleRecord(row);
  return row;
}

/**
 * One record the caller may read, or 404, with subqueries over it (its relation titles: see
 * `page`) in the same statement, which may be its transaction's `last`.
 */
export async function fetchShown(trx: Tx, scope: ReadScope, def: ResourceDef, id: number, opts: { columns: readonly PageColumn[]; last: boolean }): Promise<{ row: Row; extra: unknown[] }> {
  const where = [...scopeWhere(scope, def, 'read'), sql`id = ${id}`];
  const found = sql`select ${columns(def)} from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}`;
  const asked = opts.columns.map((column, i) => sql`(${column(sql`__page`)}) as ${sql.ref(`__c${i}`)}`);
  const select = asked.length ? sql<Row>`with __page as (${found}) select __page.*, ${sql.join(asked)} from __page` : sql<Row>`${found}`;
  if (opts.last) await scope.sealer.ready(trx, def);
  const { rows } = await (opts.last ? asLast(select) : select).execute(trx);
  if (!rows[0]) throw notFound();
  const extra = opts.columns.map((_, i) => rows[0][`__c${i}`] ?? null);
  const [row] = await scope.sealer.opened(trx, def, [plain(rows[0])]);
  return { row, extra };
}

/** A page's rows: how many, from where (values, or a kept statement's slots). */
interface Window {
  limit: unknown;
  offset: unknown;
}

/**
 * The WHERE of a list query given its filters' SQL: the clinic and the action's row filter, the
 * filters, and the archived records left out unless asked for.
 */
function listWhere(scope: ReadScope, def: ResourceDef, query: ListQuery, filters: RawBuilder<unknown>[]): RawBuilder<unknown>[] {
  const where = [...scopeWhere(scope, def, 'read'), ...filters];
  // Archived records leave default lists and pickers; a lookup by id (relation labels in
  // history) still finds them, and filter[archived]=true lists only them.
  if (isArchivable(def)) {
    const byId = query.filters.some((f) => f.field === 'id');
    if (query.archived !== undefined) where.push(query.archived ? sql`archived_at is not null` : sql`archived_at is null`);
    else if (!byId) where.push(sql`archived_at is null`);
  }
  return where;
}

/** The page's rows with the total it matches (`__total`), and with `numbered` their place in it (`__n`). */
function pageSelect(def: ResourceDef, where: RawBuilder<unknown>[], rank: RawBuilder<unknown>[], table: RawBuilder<unknown>, query: ListQuery, numbered: boolean, window: Window) {
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  // Ties broken by id so paging is stable.
  const order = sql.join([...rank, ...query.sort.map((s) => sql`${sql.ref(s.field)} ${sql.raw(s.desc ? 'desc nulls last' : 'asc nulls last')}`), sql`id desc`]);
  // The page and the total in one round trip; a page past the end needs its own count.
  return {
    select: sql`select ${columns(def)}, count(*) over ()::int as __total${numbered ? sql`, row_number() over (order by ${order}) as __n` : sql``} from ${table} ${whereSql}
      order by ${order} limit ${window.limit} offset ${window.offset}`,
    count: sql`select count(*)::int as total from ${table} ${whereSql}`,
  };
}

const windowOf = (query: ListQuery): Window => ({ limit: query.perPage, offset: (query.page - 1) * query.perPage });

/** A list query's SQL: the page's rows with the total it matches (`__total`), and with `numbered` their place in it (`__n`). */
async function pageSql(trx: Tx, scope: ReadScope, def: ResourceDef, query: ListQuery, numbered = false): Promise<{ select: RawBuilder<unknown>; count: RawBuilder<unknown> }> {
  const lookup = async (field: string, value: string) => lookupSql(field, await scope.sealer.lookupHash(trx, field, value));
  const filters: RawBuilder<unknown>[] = [];
  for (const f of query.filters) filters.push(def.fields[f.field]?.lookup ? await lookup(f.field, String(f.value)) : filterSql(f));
  const where = listWhere(scope, def, query, filters);
  // A resource with a search function reads its matches from it instead of the table.
  // The search box also finds a sealed lookup field's exact value (a national ID typed whole).
  const lookups = Object.keys(def.fields).filter((n) => def.fields[n].lookup);
  const q = query.q;
  const searchFn = q && def.searchFunction ? searchFunctionSql(def, q, lookups[0] ? { hash: await scope.sealer.lookupHash(trx, lookups[0], q) } : null) : null;
  if (q && !searchFn) {
    const exact = [...(await Promise.all(lookups.map((n) => lookup(n, q)))), ...numberSql(def, q)];
    where.push(exact.length ? sql`(${searchSql(def, q)} or ${sql.join(exact, sql` or `)})` : searchSql(def, q));
  }
  const table = searchFn ? sql`${searchFn} as ${sql.table(def.table)}` : sql.table(def.table);
  return pageSelect(def, where, searchFn ? searchRank(def, q!) : [], table, query, numbered, windowOf(query));
}

/** Filter operators whose value goes into the SQL as it is (one parameter, or one per listed value). */
const PLAIN_OPS = new Set<Filter['op']>(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in']);

/**
 * A list query whose statement can be kept by shape (kept-statements.ts): no search, no sealed
 * lookup, filters whose values go in as they are. Null: built for each request.
 */
function keptShape(scope: ReadScope, def: ResourceDef, query: ListQuery, plan: PagePlan | undefined, last: boolean): Shaped | null {
  if (query.q !== undefined && query.q !== '') return null;
  if (!query.filters.every((f) => PLAIN_OPS.has(f.op) && !def.fields[f.field]?.lookup && (f.op !== 'in' || Array.isArray(f.value)))) return null;
  // Slots: the clinic, the caller, each filter value, the window, the first row's place.
  const values: unknown[] = [scope.tenantId, scope.userId];
  const filterAt = query.filters.map((f) => {
    const at = values.length;
    if (Array.isArray(f.value)) values.push(...f.value);
    else values.push(f.value);
    return at;
  });
  const window = values.length;
  values.push(query.perPage, (query.page - 1) * query.perPage, (query.page - 1) * query.perPage + 1);
  const key = JSON.stringify([
    def.name,
    last,
    scope.tenantId === null,
    scope.userId === null,
    query.filters.map((f) => [f.field, f.op, Array.isArray(f.value) ? f.value.length : null]),
    query.sort,
    query.archived ?? null,
    plan?.key ?? null,
  ]);
  return {
    key,
    values,
    build: (value) => {
      // A null caller is a shape of its own (the row filter reads `false`): never a slot.
      const masked: ReadScope = { tenantId: scope.tenantId === null ? null : (value(0) as number), userId: scope.userId === null ? null : (value(1) as number), sealer: scope.sealer };
      const filters = query.filters.map((f, i) =>
        filterSql({ ...f, value: Array.isArray(f.value) ? f.value.map((_, j) => value(filterAt[i] + j)) : value(filterAt[i]) } as Filter),
      );
      const columns = plan?.columns(masked) ?? [];
      const built = pageSelect(def, listWhere(masked, def, query, filters), [], sql.table(def.table), query, columns.length > 0, { limit: value(window), offset: value(window + 1) });
      const select = withColumns(built.select, columns, value(window + 2));
      return last ? asLast(select) : select;
    },
  };
}

/** The page's statement with subqueries over its rows (`columns`), answered on its row numbered `first`. */
function withColumns(select: RawBuilder<unknown>, columns: readonly PageColumn[], first: unknown): RawBuilder<unknown> {
  if (!columns.length) return select;
  // Answered on the page's first row only (each subquery runs once: it names no row of the outer query).
  const asked = columns.map((column, i) => sql`case when __n = ${first} then (${column(sql`__page`)}) end as ${sql.ref(`__c${i}`)}`);
  return sql`with __page as (${select}) select __page.*, ${sql.join(asked)} from __page order by __n`;
}

/** Subqueries over a page's rows (its relation titles) for a scope, and what their text depends on. */
export interface PagePlan {
  key: string;
  columns(scope: ReadScope): readonly PageColumn[];
}

type Numbered = Row & { __total?: number; __n?: number };

/** The row without the statement's own columns (`__total`, `__n`, `__c0`...). */
function plain(row: Row): Row {
  const out: Record<string, unknown> = {};
  for (const key in row) if (!key.startsWith('__')) out[key] = row[key];
  return out as Row;
}

/**
 * One page of a list query and the total it matches. `plan`: subqueries over the page's rows
 * (its relation titles), asked in the same statement and answered once, in `extra`. `last`: the
 * statement ends its transaction (scope.ts `asLast`: its COMMIT goes with it) when nothing has to
 * follow it, as on a first page (a later page found empty still needs its count). A statement of
 * a plain shape is compiled once and kept (kept-statements.ts).
 */
export async function page(
  trx: Tx,
  scope: ReadScope,
  def: ResourceDef,
  query: ListQuery,
  opts: { plan?: PagePlan; last?: boolean } = {},
): Promise<{ rows: Row[]; total: number; extra: unknown[] }> {
  const last = opts.last === true && query.page === 1;
  const shape = keptShape(scope, def, query, opts.plan, last);
  const columns = opts.plan?.columns(scope) ?? [];
  let built: { select: RawBuilder<unknown>; count: RawBuilder<unknown> } | null = null;
  let statement: CompiledQuery;
  if (shape) statement = statementOf(trx, shape);
  else {
    built = await pageSql(trx, scope, def, query, columns.length > 0);
    const select = withColumns(built.select, columns, (query.page - 1) * query.perPage + 1);
    statement = (last ? asLast(select) : select).compile(trx);
  }
  // Nothing may reach the database after the last statement: the clinic's key is read before it.
  if (last) await scope.sealer.ready(trx, def);
  const { rows: found } = await trx.executeQuery(statement as CompiledQuery<Numbered>);
  const extra = columns.map((_, i) => found[0]?.[`__c${i}`] ?? null);
  // An empty first page needs no count: nothing matches.
  let total = found[0]?.__total ?? (query.page === 1 ? 0 : undefined);
  if (total === undefined) {
    built ??= await pageSql(trx, scope, def, query, columns.length > 0);
    const count = await sql<{ total: number }>`${built.count}`.execute(trx);
    total = count.rows[0]?.total ?? 0;
  }
  return { rows: await scope.sealer.opened(trx, def, found.map(plain)), total, extra };
}

/**
 * Several lists' first pages in one statement (one round trip instead of one each): each page
 * comes back as JSON, in its own order, and its timestamps are made dates again as a page of
 * its own would give them.
 */
export async function firstPages(trx: Tx, scope: ReadScope, parts: readonly { def: ResourceDef; query: ListQuery }[], last = false): Promise<{ rows: Row[]; total: number }[]> {
  if (!parts.length) return [];
  const built = await Promise.all(parts.map(({ def, query }) => pageSql(trx, scope, def, { ...query, page: 1 }, true)));
  const columnsOf = built.map((b, i) => sql`(select coalesce(json_agg(x order by x.__n), '[]'::json) from (${b.select}) x) as ${sql.ref(`p${i}`)}`);
  const select = sql<Record<string, Numbered[]>>`select ${sql.join(columnsOf)}`;
  // `last`: the statement ends its transaction (see `page`).
  if (last) for (const { def } of parts) await scope.sealer.ready(trx, def);
  const { rows } = await (last ? asLast(select) : select).execute(trx);
  return Promise.all(
    parts.map(async ({ def }, i) => {
      const found = rows[0][`p${i}`];
      const fields = allFields(def);
      const times = Object.keys(fields).filter((name) => fields[name].type === 'datetime');
      for (const row of found) for (const name of times) if (typeof row[name] === 'string') row[name] = new Date(row[name] as string);
      return { rows: await scope.sealer.opened(trx, def, found.map(plain)), total: found[0]?.__total ?? 0 };
    }),
  );
}

/** The records after `afterId` in id order, archived ones too, at most `size`. */
export async function batch(trx: Tx, scope: ReadScope, def: ResourceDef, afterId: number, size: number): Promise<Row[]> {
  const where = [...scopeWhere(scope, def, 'read'), sql`id > ${afterId}`];
  const { rows } = await sql<Row>`select ${columns(def)} from ${sql.table(def.table)} where ${sql.join(where, sql` and `)} order by id limit ${size}`.execute(trx);
  return scope.sealer.opened(trx, def, rows);
}

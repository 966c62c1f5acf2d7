// A list page's statement built and compiled once per shape, then only its values bound: Kysely
// built the page's SQL (its WHERE, the titles' subqueries) and compiled it on every request, about
// a sixth of a small read's server time. A shape is everything that changes the SQL's text (the
// declaration, the filters' fields and operators, the sort, the titles asked, whether a caller is
// named...); the values (the clinic, the caller, the filters' values, the page's window) are
// slots, filled from the request.
// What keeps one request's values out of another's: the statement is compiled once with a marker
// object in every value's place (`Slot`), so each parameter of the kept statement is either a slot
// (filled per request) or a constant of the declaration itself; a shape whose compiled constants
// include one of the request's own values (the clinic's id equal to a fixed column's value, say)
// is not kept. Under the tests every kept statement is also built afresh and must be the same.
import { CompiledQuery, type QueryExecutorProvider, type RawBuilder } from 'kysely';

/** A value's place in a kept statement: the request's `index`-th value. */
export class Slot {
  constructor(readonly index: number) {}
}

interface Kept {
  sql: string;
  parameters: readonly unknown[];
}

/** Statements kept at most (shapes: declarations x filter sets x sorts x titles asked). */
const MAX_KEPT = 2_000;
const kept = new Map<string, Kept>();
const checked = process.env.NODE_ENV === 'test';

export interface Shaped {
  /** Everything that changes the statement's text. */
  key: string;
  /** The request's values, in slot order. */
  values: readonly unknown[];
  /** The statement, with `value(i)` in each value's place: a Slot when masked, else the value. */
  build(value: (index: number) => unknown): RawBuilder<unknown>;
}

/** Compiled by the transaction's own executor (its dialect's compiler; compiling runs no query). */
type Compiler = QueryExecutorProvider;

function compiled(db: Compiler, statement: RawBuilder<unknown>): Kept {
  const { sql, parameters } = statement.compile(db);
  return { sql, parameters };
}

/** How many shapes are kept now (the tests read it). */
export function keptShapes(): number {
  return kept.size;
}

/** The compiled statement of `shaped` for this request: kept by its key, its values bound. */
export function statementOf(db: Compiler, shaped: Shaped): CompiledQuery {
  let found: Kept | null | undefined = kept.get(shaped.key);
  if (found === undefined) {
    found = keep(db, shaped);
    if (found) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(shaped.key, found);
    }
  }
  if (!found) {
    const real = compiled(db, shaped.build((i) => shaped.values[i]));
    return CompiledQuery.raw(real.sql, [...real.parameters]);
  }
  const parameters = found.parameters.map((p) => (p instanceof Slot ? shaped.values[p.index] : p));
  if (checked) {
    const real = compiled(db, shaped.build((i) => shaped.values[i]));
    if (real.sql !== found.sql || real.parameters.length !== parameters.length || real.parameters.some((p, i) => !same(p, parameters[i]))) {
      throw new Error(`a kept statement differs from the one built for its request (shape ${shaped.key})`);
    }
  }
  return CompiledQuery.raw(found.sql, parameters);
}

const same = (a: unknown, b: unknown) => a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime()) || JSON.stringify(a) === JSON.stringify(b);

/** The masked statement, or null when a constant of it is one of the request's values (not kept). */
function keep(db: Compiler, shaped: Shaped): Kept | null {
  const masked = compiled(db, shaped.build((i) => new Slot(i)));
  const own = new Set<unknown>(shaped.values.filter((v) => v !== null && v !== undefined));
  if (masked.parameters.some((p) => !(p instanceof Slot) && own.has(p))) return null;
  return masked;
}

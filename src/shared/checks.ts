// The one evaluator of a declaration's comparisons between fields (`checks`): the API refuses a
// record that breaks one, the forms say so on the field before sending, and the database's CHECK
// constraint (src/server/db/table-from-declaration.ts) holds the same rule for every other writer.
import { type FieldComparison, type FieldDef, type ResourceDef, comparisonKind } from './resource';

const OP_NAMES = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' } as const;

/** A value as compared: a number, or for days and instants a number of milliseconds / a time of day. */
function comparable(field: FieldDef, value: unknown): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (comparisonKind(field) === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string') return null;
  // A time of day ('09:30' or '09:30:00') compares as text once both have seconds.
  if (field.type === 'time') return value.length === 5 ? `${value}:00` : value;
  const at = Date.parse(field.type === 'date' ? value.slice(0, 10) : value);
  return Number.isFinite(at) ? at : null;
}

function holds(op: FieldComparison['op'], a: number | string, b: number | string): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

/** Whether a record satisfies one comparison; an empty or unreadable side holds (a required flag says otherwise). */
export function comparisonHolds(def: ResourceDef, check: FieldComparison, record: Record<string, unknown>): boolean {
  const a = comparable(def.fields[check.field], record[check.field]);
  const b = comparable(def.fields[check.other], record[check.other]);
  return a === null || b === null || holds(check.op, a, b);
}

/** The comparisons a record breaks. */
export function brokenComparisons(def: ResourceDef, record: Record<string, unknown>): FieldComparison[] {
  return (def.checks ?? []).filter((check) => !comparisonHolds(def, check, record));
}

/**
 * The message saying so, on `check.field`: `validation.compare.number.lte` ("Must not be more
 * than {{other}}"), `validation.compare.time.gte` ("Must not be before {{other}}")...; `other`
 * is the other field's name, shown as its label.
 */
export function comparisonMessage(def: ResourceDef, check: FieldComparison): { key: string; other: string } {
  return { key: check.message ?? `validation.compare.${comparisonKind(def.fields[check.field]) ?? 'number'}.${OP_NAMES[check.op]}`, other: check.other };
}

/** The comparisons that name a field on either side (a form checks them again when either changes). */
export function comparisonsOf(def: ResourceDef, field: string): FieldComparison[] {
  return (def.checks ?? []).filter((check) => check.field === field || check.other === field);
}

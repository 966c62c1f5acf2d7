// What a restore decides from the copy alone, shared by the job (restore.ts) and the thread that
// reads the copy (copy-thread.ts): which resources come back and in which order, and whether a
// value of the copy is one the API would take.
import type { ValidateFunction } from 'ajv';
import { resourceByName } from '../../../resources/index';
import { type FieldDef, type ResourceDef } from '../../shared/resource';
import type { Row } from '../engine/hooks';
import { fieldSchema } from '../engine/schema';
import { compile } from '../engine/validate';

/** The original clinic's own history: not records to bring back. */
export const NOT_RESTORED = new Set(['clinicAudit', 'exports']);

/** A copy that cannot be restored: the key and values of the refusal shown to the Owner. */
export class CopyRefused extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const broken = () => new CopyRefused('validation.restoreArchive');

/** The resources a record of `def` points to (fields and list items). */
function targetsOf(def: ResourceDef): string[] {
  const fields = Object.values(def.fields).flatMap((f) => [f, ...Object.values(f.items ?? {})]);
  return fields.filter((f) => f.relation).map((f) => f.relation!.resource);
}

/** Resources in an order where every record's targets are written before it. */
export function restoreOrder(defs: ResourceDef[]): ResourceDef[] {
  const names = new Set(defs.map((d) => d.name));
  const done = new Set<string>();
  const out: ResourceDef[] = [];
  const visit = (def: ResourceDef, path: string[]) => {
    if (done.has(def.name)) return;
    if (path.includes(def.name)) throw new Error(`relations form a cycle: ${[...path, def.name].join(' -> ')}`);
    for (const target of targetsOf(def)) if (target !== def.name && names.has(target)) visit(resourceByName(target), [...path, def.name]);
    done.add(def.name);
    out.push(def);
  };
  for (const def of defs) visit(def, []);
  return out;
}

/** Types whose values a copy holds as the API takes them: checked by the API's own field rules. */
const CHECKED = new Set(['string', 'text', 'phone', 'email', 'url', 'integer', 'number', 'money', 'boolean', 'date', 'datetime', 'time', 'enum']);

const checks = new WeakMap<FieldDef, ValidateFunction>();

/**
 * A copy is a file anyone could have edited: a value a person types is of its field's type and
 * within its length, compiled from the declaration as the API's validation is (an 8 MB name never
 * reaches the database). Only type and length: the finer rules (formats, ranges, choices) may have
 * tightened since a record was written, and a copy this platform made must always come back.
 * Values the server writes itself are not judged.
 */
export function assertAccepted(def: ResourceDef, row: Row, name: string, field: FieldDef): void {
  const value = row[name];
  if (value === null || value === undefined || !CHECKED.has(field.type) || field.readOnly) return;
  let check = checks.get(field);
  if (!check) {
    const { type, maxLength } = fieldSchema(field);
    checks.set(field, (check = compile(maxLength === undefined ? { type } : { type, maxLength })));
  }
  if (!check(value)) throw new CopyRefused('validation.restoreValue', { resource: def.name, id: String(row.id), field: name });
}

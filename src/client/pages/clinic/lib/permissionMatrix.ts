// The permission catalogue ({ id, name, table_name }) as a matrix: one row per table, a column per
// action, each cell the permission id (or absent when the catalogue has no such pair).
import type { Permission } from '../../../../shared/access';
import { ACTIONS, type Action } from '../../../../shared/resource';

export interface MatrixRow {
  table: string;
  ids: Partial<Record<Action, number>>;
}

export function groupPermissions(catalogue: readonly Permission[]): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const p of catalogue) {
    if (!(ACTIONS as readonly string[]).includes(p.name)) continue;
    const row = rows.get(p.table_name) ?? { table: p.table_name, ids: {} };
    row.ids[p.name as Action] = p.id;
    rows.set(p.table_name, row);
  }
  return [...rows.values()].sort((a, b) => a.table.localeCompare(b.table));
}

/** Switch one id on or off; the result is sorted and has no duplicates. */
export function toggleId(selected: readonly number[], id: number, on: boolean): number[] {
  const set = new Set(selected);
  if (on) set.add(id);
  else set.delete(id);
  return [...set].sort((a, b) => a - b);
}

/** A whole row on or off (every action the catalogue has for the table). */
export function toggleRow(selected: readonly number[], row: MatrixRow, on: boolean): number[] {
  return Object.values(row.ids).reduce<number[]>((acc, id) => toggleId(acc, id, on), [...selected]);
}

/** Whether a row is fully, partly or not at all selected. */
export function rowState(selected: readonly number[], row: MatrixRow): 'all' | 'some' | 'none' {
  const ids = Object.values(row.ids);
  const on = ids.filter((id) => selected.includes(id)).length;
  return on === 0 ? 'none' : on === ids.length ? 'all' : 'some';
}

// A list's ready-made filters (QuickFilter: overdue invoices) as the list's own filters, and date
// ranges (issued between, due between) as a pair of bounds on one field.
import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import type { QuickFilter } from '../../shared/resource';

const OPERATOR: Record<QuickFilter['filters'][string]['op'], LogicalFilter['operator']> = { eq: 'eq', lt: 'lt', lte: 'lte', gt: 'gt', gte: 'gte' };

/** The filters a quick filter sets, '$today' read as `today` (YYYY-MM-DD). */
export function quickFilterCrud(quick: QuickFilter, today: string): LogicalFilter[] {
  return Object.entries(quick.filters).map(([field, f]) => ({ field, operator: OPERATOR[f.op], value: f.value === '$today' ? today : f.value }));
}

const sameValue = (a: unknown, b: unknown) => String(a) === String(b);

/** Whether the list's filters hold every filter of the quick filter. */
export function quickFilterOn(filters: CrudFilter[], quick: QuickFilter, today: string): boolean {
  return quickFilterCrud(quick, today).every((q) => filters.some((f) => 'field' in f && f.field === q.field && f.operator === q.operator && sameValue(f.value, q.value)));
}

/** The filters with the quick filter's set (replacing any on its fields), or taken off. */
export function toggleQuickFilter(filters: CrudFilter[], quick: QuickFilter, today: string): CrudFilter[] {
  const fields = Object.keys(quick.filters);
  const rest = filters.filter((f) => !('field' in f) || !fields.includes(f.field));
  return quickFilterOn(filters, quick, today) ? rest : [...rest, ...quickFilterCrud(quick, today)];
}

/** The filters with `field` bounded from `from` to `to` (days, both included); null bounds: none. */
export function withRange(filters: CrudFilter[], field: string, from: string | null, to: string | null): CrudFilter[] {
  const rest = filters.filter((f) => !('field' in f) || f.field !== field);
  const bounds: CrudFilter[] = [];
  if (from) bounds.push({ field, operator: 'gte', value: from });
  if (to) bounds.push({ field, operator: 'lte', value: to });
  return [...rest, ...bounds];
}

/** A field's range as the filters hold it. */
export function rangeOf(filters: CrudFilter[], field: string): [string | null, string | null] {
  const bound = (op: LogicalFilter['operator']) => {
    const found = filters.find((f) => 'field' in f && f.field === field && f.operator === op);
    return found && 'field' in found && found.value ? String(found.value) : null;
  };
  return [bound('gte'), bound('lte')];
}

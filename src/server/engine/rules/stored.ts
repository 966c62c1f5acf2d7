import type { FieldDef } from '../../../shared/resource';

/**
 * Whether writing `value` would change what the record holds. Unsure counts as a change (the save
 * goes through as before): a password or other field never answered, a field not stored.
 */
export function changesStored(field: FieldDef | undefined, before: unknown, value: unknown): boolean {
  if (!field || field.writeOnly || field.virtual) return true;
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
  const [a, b] = [plain(before), plain(value)];
  if (a === b) return false;
  if (typeof a === 'number' || typeof b === 'number') return !(a !== null && b !== null && a !== '' && b !== '' && Number(a) === Number(b));
  return JSON.stringify(a) !== JSON.stringify(b);
}

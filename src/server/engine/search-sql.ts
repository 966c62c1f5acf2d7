// The SQL of a list's filters and its search box (q=): contains on the declared searchable fields,
// by their folded key, a phone in any local form, a sealed lookup field's exact value, a sequence's
// number typed whole, or the resource's own search function with its ranking.
import { type RawBuilder, sql } from 'kysely';
import type { ResourceDef } from '../../shared/resource';
import { allFields } from '../../shared/resource';
import { phoneSearchText } from '../../shared/phone';
import { foldedPattern, loosePattern } from '../../shared/fold';
import { type Filter, searchedNumber } from './query';

const OPERATOR: Record<Exclude<Filter['op'], 'in' | 'like' | 'null'>, string> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const sequenceField = (def: ResourceDef): string | undefined => Object.keys(def.fields).find((n) => def.fields[n].sequence);

/** A lookup field equal to the value whose keyed hash is `hash` (see FieldDef.lookup); none: nothing. */
export function lookupSql(field: string, hash: string | null): RawBuilder<unknown> {
  return hash === null ? sql`false` : sql`${sql.ref(`${field}_lookup`)} = ${hash}`;
}

/**
 * q= through the resource's search function (see ResourceDef.searchFunction). Its arguments: the
 * folded and the loose pattern of a name (shared/fold.ts), then the lookup field's hash and the
 * sequence's number where declared.
 */
export function searchFunctionSql(def: ResourceDef, q: string, lookup: { hash: string | null } | null): RawBuilder<unknown> {
  // A phone number, however typed (0771 188 1259, ٠٧٧١…), matches the E.164 stored: see phoneSearchText.
  const phone = phoneSearchText(q);
  const fn = sql.id(def.searchFunction!);
  const args: RawBuilder<unknown>[] = phone ? [sql`${`%${escapeLike(phone)}%`}`, sql`${null}::text`] : [sql`${foldedPattern(q)}`, sql`${loosePattern(q)}::text`];
  if (lookup) args.push(sql`${lookup.hash}::text`);
  if (sequenceField(def)) args.push(sql`${searchedNumber(q)}::bigint`);
  return sql`${fn}(${sql.join(args)})`;
}

/**
 * Through a search function the best matches come first: the record whose number was typed whole,
 * then names matching by their folded key, then those matching only loosely (see searchFunction).
 */
export function searchRank(def: ResourceDef, q: string): RawBuilder<unknown>[] {
  const rank = numberSql(def, q).map((same) => sql`(${same}) desc`);
  if (!phoneSearchText(q)) rank.push(sql`(search_text ilike ${foldedPattern(q)}) desc`);
  return rank;
}

/** A `sequence` field equal to the number the search box names whole (a file number). */
export function numberSql(def: ResourceDef, q: string): RawBuilder<unknown>[] {
  const field = sequenceField(def);
  const number = searchedNumber(q);
  return field && number !== null ? [sql`${sql.ref(field)} = ${number}`] : [];
}

/** q=: contains, case-insensitive, on each searchable field. */
export function searchSql(def: ResourceDef, q: string): RawBuilder<unknown> {
  const fields = allFields(def);
  const searchable = Object.entries(fields).filter(([, f]) => f.searchable).map(([n]) => n);
  if (!searchable.length) return sql`true`;
  const pattern = `%${escapeLike(q)}%`;
  // Phone fields hold E.164: a phone typed in any local form is looked for in that form.
  const phone = phoneSearchText(q);
  // Text is matched by its folded key (shared/fold.ts), so a name is found however its letters were typed.
  const folded = foldedPattern(q);
  const match = (n: string) =>
    fields[n].type === 'phone' && phone
      ? sql`${sql.ref(n)} like ${`%${escapeLike(phone)}%`}`
      : sql`(${sql.ref(n)} ilike ${pattern} or fold_text(${sql.ref(n)}) ilike ${folded})`;
  return sql`(${sql.join(searchable.map(match), sql` or `)})`;
}

export function filterSql(f: Filter): RawBuilder<unknown> {
  const ref = sql.ref(f.field);
  switch (f.op) {
    case 'in':
      return sql`${ref} in (${sql.join(f.value as unknown[])})`;
    case 'like':
      return sql`${ref} ilike ${`%${escapeLike(String(f.value))}%`}`;
    case 'null':
      return f.value ? sql`${ref} is null` : sql`${ref} is not null`;
    default:
      return sql`${ref} ${sql.raw(OPERATOR[f.op])} ${f.value}`;
  }
}

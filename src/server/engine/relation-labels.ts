// The titles of the records a page's rows name (a visit's patient, an audit event's record), read in
// one statement, so a list or detail page shows names without one request per relation column.
import { type RawBuilder, sql } from 'kysely';
import { resourceByName, resources } from '../../../resources/index';
import { type RelationLabels, isCoded, recordResource, relationText, valueLabel } from '../../shared/labels';
import { type FieldDef, type ResourceDef, allFields, isComputed, readableFields } from '../../shared/resource';
import { localDateTime } from '../days';
import { type Lang, translator } from '../i18n';
import type { Row, Tx } from './hooks';
import { type ReadScope, scopeWhere } from './reads';

export interface LabelReader {
  scope: ReadScope;
  /** Whether the caller may read the target (an access decision, remembered as such). */
  canRead(target: ResourceDef): boolean;
  lang: Lang;
}

interface Wanted {
  name: string;
  target: ResourceDef;
  prefix: string;
  labelField: string;
  titles: RawBuilder<unknown>;
}

const idsOf = (name: string, of: Row[]) => [...new Set(of.map((r) => Number(r[name])).filter((v) => Number.isSafeInteger(v) && v > 0))];

/** A subquery answering the titles as one JSON array of {id, label field, its translations}; `ids` a list or a subquery. */
export function titlesSql(scope: ReadScope, target: ResourceDef, labelField: string, ids: number[] | RawBuilder<unknown>): RawBuilder<unknown> {
  const localized = labelField.endsWith('_en') ? ['ar', 'ckb'].map((l) => `${labelField.slice(0, -3)}_${l}`).filter((f) => f in target.fields) : [];
  // A subquery's ids as an array: the same index lookups as a list of ids, planned without a join.
  const where = [...scopeWhere(scope, target, 'read'), Array.isArray(ids) ? sql`id in (${sql.join(ids)})` : sql`id = any(array(${ids}))`];
  const pairs = ['id', labelField, ...localized].map((f) => sql`${sql.lit(f)}, ${f === labelField ? titleValue(scope, target, f) : sql.ref(f)}`);
  return sql`select json_agg(json_build_object(${sql.join(pairs)})) from ${sql.table(target.table)} where ${sql.join(where, sql` and `)}`;
}

/**
 * A title's value: its column, or, when the title is itself a relation (a lab result titled by its
 * test), the title of the record it names, read in the same statement.
 */
function titleValue(scope: ReadScope, target: ResourceDef, labelField: string): RawBuilder<unknown> {
  const relation = allFields(target)[labelField]?.relation;
  if (!relation) return sql.ref(labelField);
  const named = resourceByName(relation.resource);
  const where = [...scopeWhere(scope, named, 'read'), sql`id = ${sql.ref(`${target.table}.${labelField}`)}`];
  return sql`(select ${sql.ref(relation.labelField)}::text from ${sql.table(named.table)} where ${sql.join(where, sql` and `)})`;
}

/** Whether the caller reads a title: one that names another record (a lab result's test) needs that record readable too. */
function titleReadable(reader: LabelReader, target: ResourceDef, labelField: string): boolean {
  const relation = allFields(target)[labelField]?.relation;
  return !relation || reader.canRead(resourceByName(relation.resource));
}

/**
 * The titles a `recordOf` field's ids need (an audit event's record), one query per resource the
 * rows name: of this application, readable by the caller, titled by a column it can show.
 */
function recordTitles(reader: LabelReader, def: ResourceDef, name: string, field: FieldDef, rows: Row[]): Wanted[] {
  const byResource = new Map<string, Row[]>();
  for (const row of rows) {
    const resource = recordResource(field, row);
    if (resource) byResource.set(resource, [...(byResource.get(resource) ?? []), row]);
  }
  return [...byResource].flatMap(([resource, of]) => {
    const target = resources.find((r) => r.name === resource);
    const titleField = target ? allFields(target)[target.titleField] : undefined;
    if (!target || !titleField || target.scope !== def.scope || titleField.encrypted || isComputed(titleField) || !reader.canRead(target) || !titleReadable(reader, target, target.titleField)) return [];
    const ids = idsOf(name, of);
    if (!ids.length) return [];
    return [{ name, target, prefix: `${resource}:`, labelField: target.titleField, titles: titlesSql(reader.scope, target, target.titleField, ids) }];
  });
}

/** The relation fields of `def` whose titles are shown and the caller may read (their ids aside). */
function relationFields(reader: LabelReader, def: ResourceDef, shown: (field: FieldDef) => boolean): { name: string; target: ResourceDef; labelField: string }[] {
  return Object.entries(def.fields).flatMap(([name, field]) => {
    if (!field.relation || field.writeOnly || !shown(field)) return [];
    const target = resourceByName(field.relation.resource);
    if (target.scope !== def.scope || !(field.relation.titleForReaders || reader.canRead(target))) return [];
    return [{ name, target, labelField: field.relation.labelField }];
  });
}

/** The titles found (one JSON array per wanted field, null: none) as labels, in the caller's language. */
function labelsOf(reader: LabelReader, wanted: readonly Omit<Wanted, 'titles'>[], found: readonly (Row[] | null | undefined)[]): RelationLabels {
  const labels: RelationLabels = {};
  const t = translator(reader.lang);
  wanted.forEach((w, i) => {
    const titles = found[i] ?? [];
    // The title's field may be one every record has without declaring it (a copy's created_at).
    const field = allFields(w.target)[w.labelField];
    // A title that is itself a code (a request's kind) reads as its label; a moment as the clinic's clock shows it.
    const title = (r: Row) => {
      if (w.prefix && field && isCoded(field)) return valueLabel(t, field, r[w.labelField], r);
      if (field?.type === 'datetime' && typeof r[w.labelField] === 'string') return localDateTime(new Date(r[w.labelField] as string));
      return relationText(r, w.labelField, reader.lang);
    };
    if (titles.length) labels[w.name] = { ...labels[w.name], ...Object.fromEntries(titles.map((r) => [`${w.prefix}${String(r.id)}`, title(r)])) };
  });
  return labels;
}

/**
 * The titles of the records these rows name, by relation field and id, in the caller's language.
 * `shown` picks the fields (a list's columns); a target the caller may not read, or of the other
 * application, is left out (the screen shows the id, as it hides such columns).
 */
export async function relationLabels(trx: Tx, reader: LabelReader, def: ResourceDef, rows: Row[], shown: (field: FieldDef) => boolean): Promise<RelationLabels> {
  if (!rows.length) return {};
  const wanted = Object.entries(def.fields).flatMap(([name, field]): Wanted[] => (field.recordOf && shown(field) ? recordTitles(reader, def, name, field, rows) : []));
  for (const { name, target, labelField } of relationFields(reader, def, shown)) {
    const ids = idsOf(name, rows);
    if (ids.length) wanted.push({ name, target, prefix: '', labelField, titles: titlesSql(reader.scope, target, labelField, ids) });
  }
  if (!wanted.length) return {};
  const {
    rows: [found],
  } = await sql<Record<string, Row[] | null>>`select ${sql.join(wanted.map((w, i) => sql`(${w.titles}) as ${sql.ref(`f${i}`)}`))}`.execute(trx);
  return labelsOf(reader, wanted, wanted.map((_, i) => found[`f${i}`]));
}

/**
 * A list's titles asked in its page's own statement (reads.ts `page`): one subquery per relation
 * column over the page's rows (`from`), read back by `labels` in the same order. Null when a shown
 * field names records of several resources (an event's record): those are known from the rows.
 */
export interface TitlePlan {
  columns: ((from: RawBuilder<unknown>) => RawBuilder<unknown>)[];
  /** The same subqueries for another scope (a kept statement's, whose values are slots: kept-statements.ts). */
  columnsIn(scope: ReadScope): ((from: RawBuilder<unknown>) => RawBuilder<unknown>)[];
  /** What the subqueries' text depends on: the fields whose titles are asked. */
  key: string;
  labels(found: readonly unknown[]): RelationLabels;
}

export function planTitles(reader: LabelReader, def: ResourceDef, shown: (field: FieldDef) => boolean): TitlePlan | null {
  if (Object.values(def.fields).some((field) => field.recordOf && shown(field))) return null;
  // Only columns the page answers can be named from its rows (a computed field has none).
  const fields = allFields(def);
  const answered = new Set(readableFields(def).filter((name) => !fields[name].computed));
  const wanted = relationFields(reader, def, shown)
    .filter((w) => answered.has(w.name))
    .map((w) => ({ ...w, prefix: '' }));
  const columnsIn = (scope: ReadScope) => wanted.map((w) => (from: RawBuilder<unknown>) => titlesSql(scope, w.target, w.labelField, sql`select ${from}.${sql.ref(w.name)} from ${from}`));
  return {
    columns: columnsIn(reader.scope),
    columnsIn,
    key: wanted.map((w) => `${w.name}:${w.target.name}:${w.labelField}`).join(','),
    labels: (found) => labelsOf(reader, wanted, found as (Row[] | null)[]),
  };
}

/** How an answer's relation titles are read (the benchmark's comparison server swaps it: bench-comparison.ts). */
export interface TitleSource {
  plan: typeof planTitles;
  of: typeof relationLabels;
}

export const RELATION_TITLES: TitleSource = { plan: planTitles, of: relationLabels };

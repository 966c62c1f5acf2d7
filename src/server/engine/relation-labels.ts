// The titles of the records a page's rows name (a visit's patient, an audit event's record), read in
// one statement, so a list or detail page shows names without one request per relation column.
import { type RawBuilder, sql } from 'kysely';
import { resourceByName, resources } from '../../../resources/index';
import { type RelationLabels, isCoded, recordResource, relationText, valueLabel } from '../../shared/labels';
import { type FieldDef, type ResourceDef, allFields, isComputed } from '../../shared/resource';
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

/** A subquery answering the titles as one JSON array of {id, label field, its translations}. */
export function titlesSql(scope: ReadScope, target: ResourceDef, labelField: string, ids: number[]): RawBuilder<unknown> {
  const localized = labelField.endsWith('_en') ? ['ar', 'ckb'].map((l) => `${labelField.slice(0, -3)}_${l}`).filter((f) => f in target.fields) : [];
  const where = [...scopeWhere(scope, target, 'read'), sql`id in (${sql.join(ids)})`];
  const pairs = ['id', labelField, ...localized].map((f) => sql`${sql.lit(f)}, ${sql.ref(f)}`);
  return sql`select json_agg(json_build_object(${sql.join(pairs)})) from ${sql.table(target.table)} where ${sql.join(where, sql` and `)}`;
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
    if (!target || !titleField || target.scope !== def.scope || titleField.encrypted || isComputed(titleField) || !reader.canRead(target)) return [];
    const ids = idsOf(name, of);
    if (!ids.length) return [];
    return [{ name, target, prefix: `${resource}:`, labelField: target.titleField, titles: titlesSql(reader.scope, target, target.titleField, ids) }];
  });
}

/**
 * The titles of the records these rows name, by relation field and id, in the caller's language.
 * `shown` picks the fields (a list's columns); a target the caller may not read, or of the other
 * application, is left out (the screen shows the id, as it hides such columns).
 */
export async function relationLabels(trx: Tx, reader: LabelReader, def: ResourceDef, rows: Row[], shown: (field: FieldDef) => boolean): Promise<RelationLabels> {
  const labels: RelationLabels = {};
  if (!rows.length) return labels;
  const wanted = Object.entries(def.fields).flatMap(([name, field]): Wanted[] => {
    if (field.recordOf && shown(field)) return recordTitles(reader, def, name, field, rows);
    if (!field.relation || field.writeOnly || !shown(field)) return [];
    const target = resourceByName(field.relation.resource);
    const ids = idsOf(name, rows);
    if (target.scope !== def.scope || !ids.length || !(field.relation.titleForReaders || reader.canRead(target))) return [];
    return [{ name, target, prefix: '', labelField: field.relation.labelField, titles: titlesSql(reader.scope, target, field.relation.labelField, ids) }];
  });
  if (!wanted.length) return labels;
  const {
    rows: [found],
  } = await sql<Record<string, Row[] | null>>`select ${sql.join(wanted.map((w, i) => sql`(${w.titles}) as ${sql.ref(`f${i}`)}`))}`.execute(trx);
  const t = translator(reader.lang);
  wanted.forEach((w, i) => {
    const titles = found[`f${i}`] ?? [];
    // A title that is itself a code (a request's kind) reads as its label.
    const title = (r: Row) => (w.prefix && isCoded(w.target.fields[w.labelField]) ? valueLabel(t, w.target.fields[w.labelField], r[w.labelField], r) : relationText(r, w.labelField, reader.lang));
    if (titles.length) labels[w.name] = { ...labels[w.name], ...Object.fromEntries(titles.map((r) => [`${w.prefix}${String(r.id)}`, title(r)])) };
  });
  return labels;
}

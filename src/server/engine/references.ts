// Which records still use a record: every declared relation that points at its resource, as a
// column (a visit's patient_id) or as a key inside a list's items (a prescription's drug_id). A
// delete asks this first, so a record others use is archived or refused by its delete policy
// instead of taking history with it (the foreign keys refuse it too, migration 019).
import { type RawBuilder, sql } from 'kysely';
import { resources } from '../../../resources/index';
import type { ResourceDef } from '../../shared/resource';
import type { Tx } from './hooks';

/** Where a record of `holder` may hold an id: a column, or a key of a list column's items. */
export interface Place {
  table: string;
  column: string;
  itemKey?: string;
}

/** `exists (...)`-ready condition: the row at this place holds `id`. */
export function holds(place: Place, id: number): RawBuilder<unknown> {
  return place.itemKey
    ? sql`${sql.ref(place.column)} @> jsonb_build_array(jsonb_build_object(${place.itemKey}::text, ${id}::bigint))`
    : sql`${sql.ref(place.column)} = ${id}`;
}

interface Reference {
  holder: ResourceDef;
  place: Place;
}

function referencesOf(def: ResourceDef): Reference[] {
  return resources
    .filter((holder) => holder.scope === def.scope)
    .flatMap((holder) =>
      Object.entries(holder.fields).flatMap(([column, field]): Reference[] => {
        if (field.type === 'relation' && field.relation?.resource === def.name) return [{ holder, place: { table: holder.table, column } }];
        if (field.type !== 'list') return [];
        return Object.entries(field.items ?? {})
          .filter(([, item]) => item.type === 'relation' && item.relation?.resource === def.name)
          .map(([itemKey]) => ({ holder, place: { table: holder.table, column, itemKey } }));
      }),
    );
}

const cache = new Map<string, Reference[]>();

/** A resource whose records still use the one being deleted, and how many do. */
export interface Holder {
  resource: string;
  count: number;
}

/** The records that still use record `id` of `def`, per holding resource (none: safe to delete). */
export async function holdersOf(trx: Tx, def: ResourceDef, tenantId: number | null, id: number): Promise<Holder[]> {
  let refs = cache.get(def.name);
  if (!refs) cache.set(def.name, (refs = referencesOf(def)));
  if (!refs.length) return [];
  const counts = refs.map(({ holder, place }) => {
    const where = [holds(place, id), ...(holder.scope === 'tenant' ? [sql`tenant_id = ${tenantId}`] : [])];
    for (const [column, value] of Object.entries(holder.fixed ?? {})) where.push(sql`${sql.ref(column)} = ${value}`);
    return sql`(select count(*) from ${sql.table(place.table)} where ${sql.join(where, sql` and `)})::int`;
  });
  const { rows } = await sql<{ counts: number[] }>`select array[${sql.join(counts)}] as counts`.execute(trx);
  // Two relations of one resource to the same record (none today) would name it twice: merge.
  const byResource = new Map<string, number>();
  refs.forEach(({ holder }, i) => {
    if (rows[0].counts[i] > 0) byResource.set(holder.name, (byResource.get(holder.name) ?? 0) + rows[0].counts[i]);
  });
  return [...byResource].map(([resource, count]) => ({ resource, count }));
}

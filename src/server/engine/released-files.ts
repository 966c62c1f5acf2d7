// A clinic's files leave its storage when nothing holds them any more: an attachment removed from
// a visit, a task deleted with its files. The upload row goes in the same transaction as the
// change (storage counts rows), and its bytes are listed in released_files for the job to delete
// from disk after the commit (migration 016). Central files are left alone: they count against no
// limit, and a pending request may still hold one.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { resources } from '../../../resources/index';
import type { ResourceDef } from '../../shared/resource';
import type { Database } from '../db/schema';
import { type FileStore, uploadKey } from '../files/store';
import type { Row, Tx } from './hooks';
import { type Place, holds } from './references';

/** Where a clinic record may hold an upload id: a file column, or a file key of a list's items. */
function placesOf(def: ResourceDef): Place[] {
  return Object.entries(def.fields).flatMap(([column, field]): Place[] => {
    if (field.type === 'file') return [{ table: def.table, column }];
    if (field.type !== 'list') return [];
    return Object.entries(field.items ?? {}).filter(([, item]) => item.type === 'file').map(([itemKey]) => ({ table: def.table, column, itemKey }));
  });
}

// Resources sharing a table (landing items) name the same places once.
const CLINIC_PLACES: Place[] = [
  ...new Map(resources.filter((r) => r.scope === 'tenant').flatMap(placesOf).map((p) => [`${p.table}.${p.column}.${p.itemKey ?? ''}`, p])).values(),
];

/** The upload ids a record holds. */
export function fileIds(def: ResourceDef, row: Row | null): Set<number> {
  const ids = new Set<number>();
  if (!row) return ids;
  for (const place of placesOf(def)) {
    const value = row[place.column];
    if (!place.itemKey) {
      if (value !== null && value !== undefined) ids.add(Number(value));
    } else if (Array.isArray(value)) {
      for (const item of value as Record<string, unknown>[]) if (item?.[place.itemKey] != null) ids.add(Number(item[place.itemKey]));
    }
  }
  return ids;
}

/** `exists (...)`: a record of the clinic holds upload `id` at this place (`extra`: more conditions). */
function holdsAt(p: Place, tenantId: number, id: number, extra: RawBuilder<unknown>[] = []): RawBuilder<unknown> {
  return sql`exists (select 1 from ${sql.table(p.table)} where ${sql.join([sql`tenant_id = ${tenantId}`, holds(p, id), ...extra], sql` and `)})`;
}

async function inUse(trx: Tx, tenantId: number, id: number): Promise<boolean> {
  const holders = CLINIC_PLACES.map((p) => holdsAt(p, tenantId, id));
  const { rows } = await sql<{ used: boolean }>`select (${sql.join(holders, sql` or `)}) as used`.execute(trx);
  return rows[0].used;
}

/** The clinic resources whose records hold upload `id` (who may read one of them may see the file). */
export async function holdersOf(db: Tx, tenantId: number, id: number): Promise<ResourceDef[]> {
  // Per resource, not per table: resources sharing a table (landing items) differ by `fixed`.
  const places = resources.filter((r) => r.scope === 'tenant').flatMap((def) => placesOf(def).map((place) => ({ def, place })));
  if (!places.length) return [];
  const held = places.map(({ def, place }) => holdsAt(place, tenantId, id, Object.entries(def.fixed ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`)));
  const { rows } = await sql<{ held: boolean[] }>`select array[${sql.join(held)}] as held`.execute(db);
  return places.filter((_, i) => rows[0].held[i]).map(({ def }) => def);
}

/** The patient whose record holds upload `id` (an X-ray of a visit), or null: not a patient's file. */
export async function patientOfFile(db: Tx, tenantId: number, id: number): Promise<number | null> {
  const places = resources.filter((r) => r.scope === 'tenant' && r.patientData).flatMap((def) => placesOf(def).map((place) => ({ def, place })));
  for (const { def, place } of places) {
    const patient = def.name === 'patients' ? sql`id` : sql`patient_id`;
    const { rows } = await sql<{ patient: number }>`select ${patient} as patient from ${sql.table(place.table)}
      where tenant_id = ${tenantId} and ${holds(place, id)} limit 1`.execute(db);
    if (rows[0]) return Number(rows[0].patient);
  }
  return null;
}

/** After a clinic record changed (`after`) or was deleted (`after` null): releases the files it dropped. */
export async function releaseDroppedFiles(trx: Tx, tenantId: number | null, def: ResourceDef, before: Row, after: Row | null): Promise<void> {
  if (def.scope !== 'tenant' || tenantId === null) return;
  const kept = fileIds(def, after);
  for (const id of fileIds(def, before)) {
    if (kept.has(id) || (await inUse(trx, tenantId, id))) continue;
    await sql`with gone as (delete from uploads where id = ${id} and tenant_id = ${tenantId} and scope = 'tenant' returning storage_key)
      insert into released_files (storage_key) select storage_key from gone`.execute(trx);
  }
}

/** The job's part: deletes released files from the store, then their entries. Returns how many went. */
export async function purgeReleasedFiles(db: Kysely<Database>, files: FileStore): Promise<number> {
  const { rows } = await sql<{ storage_key: string }>`select storage_key from released_files order by released_at limit 1000`.execute(db);
  for (const { storage_key } of rows) await files.remove(uploadKey(storage_key));
  if (rows.length) await sql`delete from released_files where storage_key in (${sql.join(rows.map((r) => r.storage_key))})`.execute(db);
  return rows.length;
}

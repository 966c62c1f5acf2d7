// The change feed and the first load of a device's working set (issue 36). Both read through the
// engine (DataAccess.list): the clinic's transaction with row-level security, the caller's read
// permission on each resource, the fields decrypted as for any list, the read audited. They
// answer only the working set's resources and fields (src/shared/workingSet.ts). A change whose
// row is gone, archived or no longer readable is a tombstone: the device drops the row.
import { type Kysely, sql } from 'kysely';
import { resourceByName } from '../../../resources/index';
import { type WorkingSetResource, WORKING_SET, keptFields, shiftDay } from '../../shared/workingSet';
import type { Database } from '../db/schema';
import { dayOf } from '../days';
import type { DataAccess } from '../engine/data-access';
import type { Row } from '../engine/hooks';
import type { Filter } from '../engine/query';
import { type Cursor, nextCursor } from './cursor';

export type Change = { resource: string; id: number; op: 'upsert'; row: Record<string, unknown> } | { resource: string; id: number; op: 'delete' };

export type ChangesAnswer = { resync: true } | { resync: false; changes: Change[]; cursor: Cursor; more: boolean };

/** The working set's resources this caller may read, by table. */
function readableByTable(data: DataAccess): Map<string, WorkingSetResource> {
  const out = new Map<string, WorkingSetResource>();
  for (const name of Object.keys(WORKING_SET) as WorkingSetResource[]) {
    const def = resourceByName(name);
    if (data.can(def, 'read')) out.set(def.table, name);
  }
  return out;
}

/** Rows of `resource` by id through the engine (archived ones too, so they become tombstones). */
async function rowsById(data: DataAccess, resource: WorkingSetResource, ids: number[]): Promise<Map<number, Row>> {
  const { data: rows } = await data.list(resourceByName(resource), { page: 1, perPage: ids.length, sort: [], filters: [{ field: 'id', op: 'in', value: ids }] });
  return new Map(rows.map((r) => [Number(r.id), r as Row]));
}

/** A round's start: the snapshot from which a device that loads everything now follows changes. */
export async function startCursor(data: DataAccess): Promise<Cursor> {
  return data.transaction(async (trx) => {
    const { rows } = await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(trx);
    return { b: rows[0].s, p: 0, n: null };
  });
}

export async function readChanges(data: DataAccess, cursor: Cursor, limit: number): Promise<ChangesAnswer> {
  const tenantId = data.tenantId!;
  const tables = readableByTable(data);
  return data.transaction(async (trx, data) => {
    // First, the snapshot: the entries read next see at least what it sees.
    const { rows: [snap] } = await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(trx);
    const { rows: stale } = await sql`select 1 from sync_horizon where tenant_id = ${tenantId}
      and pruned_xid >= pg_snapshot_xmin(${cursor.b}::pg_snapshot)`.execute(trx);
    if (stale.length) return { resync: true };
    if (!tables.size) return { resync: false, changes: [], cursor: nextCursor(cursor, snap.s, null, false), more: false };
    const { rows: entries } = await sql<{ seq: string; tbl: string; row_id: string }>`
      select seq, tbl, row_id from sync_changes
      where tenant_id = ${tenantId} and tbl in (${sql.join([...tables.keys()])})
        and xid >= pg_snapshot_xmin(${cursor.b}::pg_snapshot) and not pg_visible_in_snapshot(xid, ${cursor.b}::pg_snapshot)
        and seq > ${cursor.p}
      order by seq limit ${limit}`.execute(trx);
    // Each changed record once, in the order of its last change.
    const last = new Map<string, { resource: WorkingSetResource; id: number }>();
    for (const e of entries) {
      const key = `${e.tbl}:${e.row_id}`;
      last.delete(key);
      last.set(key, { resource: tables.get(e.tbl)!, id: Number(e.row_id) });
    }
    const byResource = new Map<WorkingSetResource, number[]>();
    for (const { resource, id } of last.values()) byResource.set(resource, [...(byResource.get(resource) ?? []), id]);
    const found = new Map<WorkingSetResource, Map<number, Row>>();
    for (const [resource, ids] of byResource) found.set(resource, await rowsById(data, resource, ids));
    const changes: Change[] = [...last.values()].map(({ resource, id }) => {
      const row = found.get(resource)?.get(id);
      return row && !row.archived_at ? { resource, id, op: 'upsert', row: keptFields(resource, row) } : { resource, id, op: 'delete' };
    });
    const full = entries.length === limit;
    const lastSeq = entries.length ? Number(entries[entries.length - 1].seq) : null;
    return { resync: false, changes, cursor: nextCursor(cursor, snap.s, lastSeq, full), more: full };
  });
}

/**
 * One page of a resource's working set for a device's first load: rows after `afterId` in id
 * order, not archived, within the resource's window of days around the clinic's today.
 */
export async function readRows(data: DataAccess, resource: WorkingSetResource, afterId: number, limit: number): Promise<{ rows: Record<string, unknown>[]; next: number | null }> {
  const filters: Filter[] = [{ field: 'id', op: 'gt', value: afterId }];
  const window = WORKING_SET[resource].window;
  if (window) {
    const today = dayOf(data.now());
    filters.push({ field: window.field, op: 'gte', value: shiftDay(today, window.from) }, { field: window.field, op: 'lte', value: shiftDay(today, window.to) });
  }
  const { data: rows } = await data.list(resourceByName(resource), { page: 1, perPage: limit, sort: [{ field: 'id', desc: false }], filters, archived: false });
  const next = rows.length === limit ? Number(rows[rows.length - 1].id) : null;
  return { rows: rows.map((r) => keptFields(resource, r)), next };
}

/** How long the feed keeps its entries: a device away longer starts again (resync). */
export const SYNC_RETENTION_DAYS = 30;

/**
 * Drops entries older than the retention, remembering per clinic the newest transaction dropped
 * (sync_horizon), against which readChanges judges a cursor too old. Run by the scheduler.
 */
export async function pruneChanges(db: Kysely<Database>, now: Date): Promise<void> {
  const before = new Date(now.getTime() - SYNC_RETENTION_DAYS * 86_400_000);
  await sql`with gone as (delete from sync_changes where at < ${before} returning tenant_id, xid),
      newest as (select distinct on (tenant_id) tenant_id, xid from gone order by tenant_id, xid desc)
    insert into sync_horizon (tenant_id, pruned_xid) select tenant_id, xid from newest
    on conflict (tenant_id) do update set pruned_xid = greatest(sync_horizon.pruned_xid, excluded.pruned_xid)`.execute(db);
}

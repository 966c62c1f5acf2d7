// The change feed of a clinic's devices (issue 36): every write to a clinic's row is noted in
// sync_changes by the same per-row triggers that announce live updates (migration 039), with the
// id of the transaction that made it (pg_current_xact_id). GET /api/v1/sync/changes follows this
// log by transaction visibility, not by time or by sequence order, so a transaction that commits
// after a later one is never skipped (src/server/offline/cursor.ts). Only the table, the record
// and the operation are noted, never content: the feed reads the rows again through the engine.
// A session may set app.sync_off (the benchmark's comparison only) to note nothing; entries older
// than the retention are pruned (sync_horizon remembers how far, so an older cursor resyncs).
import { type Kysely, sql } from 'kysely';
import { isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sync_changes (
    tenant_id bigint not null references tenants(id) on delete cascade,
    seq bigint generated always as identity,
    tbl text not null,
    row_id bigint not null,
    op text not null,
    xid xid8 not null default pg_current_xact_id(),
    at timestamptz not null default now(),
    primary key (tenant_id, seq))`.execute(db);
  // The feed's scan: a clinic's entries from the reader's oldest unseen transaction on.
  await sql`create index sync_changes_xid_idx on sync_changes (tenant_id, xid)`.execute(db);
  // Pruning by age: a BRIN index costs next to nothing on an append-only log.
  await sql`create index sync_changes_at_idx on sync_changes using brin (at)`.execute(db);
  await isolateTenantTable(db, 'sync_changes');
  // Requests read the log; only the trigger's function (its owner's rights) writes it.
  await sql`grant select on sync_changes to clinic_app`.execute(db);
  await sql`revoke insert, update, delete, truncate on sync_changes from clinic_app`.execute(db);

  // The newest transaction whose entries were pruned, per clinic: a cursor that had not seen all
  // of them must start again (a device off for longer than the retention).
  await sql`create table sync_horizon (
    tenant_id bigint primary key references tenants(id) on delete cascade,
    pruned_xid xid8 not null)`.execute(db);
  await isolateTenantTable(db, 'sync_horizon');
  await sql`grant select on sync_horizon to clinic_app`.execute(db);
  await sql`revoke insert, update, delete, truncate on sync_horizon from clinic_app`.execute(db);

  // A clinic being deleted takes its rows with it (on delete cascade): nothing is noted for them,
  // the clinic's own row being gone already (its log goes with it).
  await sql`create function note_sync_change(tenant bigint, tbl text, row_id bigint, op text) returns void
    language sql security definer set search_path = public as $$
      insert into sync_changes (tenant_id, tbl, row_id, op)
      select tenant, tbl, row_id, op where exists (select 1 from tenants where id = tenant)
    $$`.execute(db);
  await sql`revoke all on function note_sync_change(bigint, text, bigint, text) from public`.execute(db);
  await sql`grant execute on function note_sync_change(bigint, text, bigint, text) to clinic_app`.execute(db);

  // Migration 039's function, now also noting a clinic's rows for the feed.
  await sql`create or replace function announce_record_change() returns trigger language plpgsql as $$
    declare
      r jsonb;
    begin
      if current_setting('app.live_off', true) = 'on' then return null; end if;
      r := to_jsonb(case when tg_op = 'DELETE' then old else new end);
      perform pg_notify('record_changed', json_build_object(
        'table', tg_table_name, 'tenant', (r ->> 'tenant_id')::bigint, 'id', (r ->> 'id')::bigint, 'op', lower(tg_op),
        'user', case when tg_nargs > 0 then (r ->> tg_argv[0])::bigint end)::text);
      if (r ->> 'tenant_id') is not null and (r ->> 'id') is not null and coalesce(current_setting('app.sync_off', true), '') <> 'on' then
        perform note_sync_change((r ->> 'tenant_id')::bigint, tg_table_name, (r ->> 'id')::bigint, lower(tg_op));
      end if;
      return null;
    end $$`.execute(db);
}

// What the server hears of a change (migrations 017, 027, 039, 058): the live updates' notification, the
// offline change feed's row, and the wake-ups of access and export work.
// Applied as `create or replace` after the migrations (functions/index.ts): a change is made here, not in a migration.
import type { DbFunction } from './types';

export const FUNCTIONS: readonly DbFunction[] = [
  {
    name: 'announce_record_change',
    sql: `create or replace function announce_record_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    end $function$`,
  },
  {
    name: 'note_sync_change',
    sql: `create or replace function note_sync_change(tenant bigint, tbl text, row_id bigint, op text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
      insert into sync_changes (tenant_id, tbl, row_id, op)
      select tenant, tbl, row_id, op where exists (select 1 from tenants where id = tenant)
    $function$`,
    grants: ['revoke all on function note_sync_change(bigint, text, bigint, text) from public', 'grant execute on function note_sync_change(bigint, text, bigint, text) to clinic_app'],
  },
  {
    name: 'announce_access_change',
    sql: `create or replace function announce_access_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      perform pg_notify('access_changed', '');
      return null;
    end $function$`,
  },
  {
    name: 'announce_export',
    sql: `create or replace function announce_export()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin perform pg_notify('export_queued', ''); return null; end $function$`,
  },
];

// Each record's version and a clinic's own counts (migrations 019, 043, 061): trigger functions of the tables the
// generator makes (table-from-declaration.ts) and of the invoices.
// Applied as `create or replace` after the migrations (functions/index.ts): a change is made here, not in a migration.
import type { DbFunction } from './types';

export const FUNCTIONS: readonly DbFunction[] = [
  {
    name: 'bump_version',
    sql: `create or replace function bump_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      new.version := old.version + 1;
      return new;
    end $function$`,
  },
  {
    name: 'number_record',
    sql: `create or replace function number_record()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
    declare
      col text := tg_argv[0];
      counter text := tg_table_name || '.' || col;
      given bigint := (to_jsonb(new) ->> col)::bigint;
      next bigint;
    begin
      if given is not null then
        insert into record_numbers as r (tenant_id, name, last) values (new.tenant_id, counter, given)
          on conflict (tenant_id, name) do update set last = greatest(r.last, excluded.last);
        return new;
      end if;
      update record_numbers set last = last + 1 where tenant_id = new.tenant_id and name = counter returning last into next;
      if next is null then
        execute format('insert into record_numbers as r (tenant_id, name, last)
            values ($1, $2, coalesce((select max(%I) from %I where tenant_id = $1), 0) + 1)
            on conflict (tenant_id, name) do update set last = r.last + 1 returning last', col, tg_table_name)
          into next using new.tenant_id, counter;
      end if;
      return jsonb_populate_record(new, jsonb_build_object(col, next));
    end $function$`,
  },
  {
    name: 'number_invoice',
    sql: `create or replace function number_invoice()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
    begin
      new.year := extract(year from new.issued_on)::int;
      insert into invoice_counters as c (year, last) values (new.year, 1)
        on conflict (year) do update set last = c.last + 1 returning last into new.number;
      return new;
    end $function$`,
  },
];

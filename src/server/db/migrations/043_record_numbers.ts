// Numbers a clinic counts in (issue 19): a patient's file number 1, 2, 3… per clinic, the number
// a receipt will carry. A declared `sequence` field (FieldDef.sequence) is filled by a trigger on
// insert, whatever writes the row (the API, the demo seed, a restored copy), so no path can skip
// it or pick its own. The counter is one row per clinic and field in `record_numbers`, updated in
// the inserting transaction: parallel inserts of one clinic wait on that row, never share a
// number, and a number is never given twice even after its record is deleted. A row arriving
// with its number (a restored copy) keeps it and moves the counter past it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The app role may read its clinic's counters, never write them (helpers.ts keeps it so): only
  // the trigger does.
  await sql`create table record_numbers (
    tenant_id bigint not null references tenants(id) on delete cascade,
    name text not null,
    last bigint not null,
    primary key (tenant_id, name)
  )`.execute(db);
  await sql`alter table record_numbers enable row level security`.execute(db);
  await sql`create policy tenant_isolation on record_numbers
    using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
    with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`.execute(db);
  await sql`grant select on record_numbers to clinic_app`.execute(db);

  // tg_argv[0]: the column. The first number of a clinic starts after the highest already there.
  await sql`create function number_record() returns trigger language plpgsql security definer set search_path from current as $$
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
    end $$`.execute(db);

  // Patients: existing ones numbered in the order they were registered.
  await sql`alter table patients add column file_number bigint`.execute(db);
  await sql`update patients p set file_number = n.rn from (
      select tenant_id, id, row_number() over (partition by tenant_id order by created_at, id) as rn from patients
    ) n where n.tenant_id = p.tenant_id and n.id = p.id`.execute(db);
  await sql`alter table patients alter column file_number set not null`.execute(db);
  await sql`alter table patients add constraint patients_file_number_key unique (tenant_id, file_number)`.execute(db);
  await sql`create trigger patients_file_number before insert on patients for each row execute function number_record('file_number')`.execute(db);

  // The search box finds a patient by file number too: a third index in the same bitmap scan.
  await sql`drop function patients_search(text, text)`.execute(db);
  await sql`create function patients_search(pattern text, lookup text, number bigint) returns setof patients
    language plpgsql stable security definer set search_path = public as $$
    begin
      return query execute
        'select * from patients where tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint
           and (search_text ilike $1 or national_id_lookup = $2 or file_number = $3)'
        using pattern, lookup, number;
    end $$`.execute(db);
  await sql`revoke all on function patients_search(text, text, bigint) from public`.execute(db);
  await sql`grant execute on function patients_search(text, text, bigint) to clinic_app`.execute(db);
}

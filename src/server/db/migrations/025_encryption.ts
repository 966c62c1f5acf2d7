// Encryption at rest (issue 15, src/server/crypto/): each clinic's data key, wrapped by the master
// key; uploads remember whether their file is sealed; the patient search text no longer copies the
// national ID (now sealed), so no plaintext copy of it stays in the table or its index.
import { type Kysely, sql } from 'kysely';
import { APP_ROLE, isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table tenant_keys (
    -- Deleting the clinic deletes its key in the same transaction: every copy of its data,
    -- backups included, is unreadable from then on.
    tenant_id bigint primary key references tenants(id) on delete cascade,
    -- '<master key id>:<base64 of iv, tag and the wrapped key>'
    wrapped text not null,
    created_at timestamptz not null default now())`.execute(db);
  // A clinic's transaction reads (or creates) its own key, never another's; only the server's own
  // connection replaces (re-wrap) or destroys one.
  await isolateTenantTable(db, 'tenant_keys');
  await sql`grant select, insert on tenant_keys to ${sql.raw(APP_ROLE)}`.execute(db);

  // The national ID is found by its exact value through a keyed hash (FieldDef.lookup).
  await sql`alter table patients add column national_id_lookup text`.execute(db);
  await sql`create index patients_national_id_lookup_idx on patients (tenant_id, national_id_lookup) where national_id_lookup is not null`.execute(db);

  await sql`alter table uploads add column sealed boolean not null default false`.execute(db);

  await sql`drop index if exists patients_search_idx`.execute(db);
  await sql`drop index if exists patients_national_id_idx`.execute(db);
  await sql`alter table patients drop column search_text`.execute(db);
  await sql`alter table patients add column search_text text generated always as (
    lower(name) || ' ' || coalesce(regexp_replace(phone, '[^0-9+]', '', 'g'), '')) stored`.execute(db);
  await sql`create index patients_search_idx on patients using gin (tenant_id, search_text gin_trgm_ops)`.execute(db);

  // The search box also finds a national ID typed whole: both indexes in one bitmap scan.
  await sql`drop function patients_search(text)`.execute(db);
  await sql`create function patients_search(pattern text, lookup text) returns setof patients
    language plpgsql stable security definer set search_path = public as $$
    begin
      return query execute
        'select * from patients where tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint
           and (search_text ilike $1 or national_id_lookup = $2)'
        using pattern, lookup;
    end $$`.execute(db);
  await sql`revoke all on function patients_search(text, text) from public`.execute(db);
  await sql`grant execute on function patients_search(text, text) to ${sql.raw(APP_ROLE)}`.execute(db);
}

// Fast patient search from anywhere: one lower-cased search text per patient (name, phone digits,
// national ID) under a trigram index that also holds the clinic, so "contains" searches use the
// index within one clinic instead of reading all its patients.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`alter table patients add column search_text text generated always as (
    lower(name) || ' ' || coalesce(regexp_replace(phone, '[^0-9+]', '', 'g'), '') || ' ' || coalesce(lower(national_id), '')) stored`.execute(db);
  await sql`create index patients_search_idx on patients using gin (tenant_id, search_text gin_trgm_ops)`.execute(db);
}

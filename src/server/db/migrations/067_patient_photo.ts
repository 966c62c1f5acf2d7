// patients.photo, patients.documents: generated from its declaration by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table patients
  add column photo bigint`).execute(db);
  await sql.raw(`alter table patients
  add column documents jsonb not null default '[]'::jsonb`).execute(db);
}

// Files a clinic no longer uses (removed from a visit, or their record deleted) leave its storage
// at once: their upload row is deleted in the same transaction as the change, and the stored bytes
// are listed here for the job to remove from disk after the commit (a rolled-back change keeps them).
import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table released_files (
    storage_key text primary key,
    released_at timestamptz not null default now())`.execute(db);
  // Clinic requests only add to the list; the job (the owner role) reads and empties it.
  await sql`grant insert on released_files to ${sql.raw(APP_ROLE)}`.execute(db);
}

// The database's functions are kept whole in src/server/db/functions/ and applied after the
// migrations (issue 38): this table remembers the text each was last applied with, so a start
// applies only what changed.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table schema_functions (
    name text primary key,
    hash text not null,
    applied_at timestamptz not null default now()
  )`.execute(db);
}

// Each user sees their sessions (device, address, last use) and ends any; the Main Doctor and the
// Owner end their staff's (issue 15). A session gets an id to be named by (its token's hash never
// leaves the server) and the address and browser it was opened from.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column id bigint generated always as identity`.execute(db);
  await sql`create unique index sessions_id_idx on sessions (id)`.execute(db);
  await sql`alter table sessions add column ip text, add column user_agent text`.execute(db);
}

// The plan's visit limit counts a clinic's visits in its subscription period on every new visit;
// this index lets that count read only the period's index entries.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index visitings_created_idx on visitings (tenant_id, created_at)`.execute(db);
}

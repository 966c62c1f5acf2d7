// A picture for each plan, shown on the public plans (a public upload, like landing images).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table plans add column image bigint`.execute(db);
}

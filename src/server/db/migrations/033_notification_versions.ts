// Notifications become declared resources (issue 16: resources/notifications.ts): one is marked
// read or dismissed through the generated routes, so, like every declared record, a notification
// has `updated_at` and a `version` raised by the database on each update (the API's ETag).
import { type Kysely, sql } from 'kysely';
import { versionTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column updated_at timestamptz not null default now()`.execute(db);
  await sql`update notifications set updated_at = created_at`.execute(db);
  await versionTable(db, 'notifications');
}

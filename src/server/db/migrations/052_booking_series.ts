// Recurring bookings (issue 18): the bookings made together as repeats share a series id, so a
// change can reach "this and the following" ones (src/server/modules/series-routes.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table appointments add column series_id text check (char_length(series_id) <= 40)`.execute(db);
  await sql`create index appointments_series_id_idx on appointments (tenant_id, series_id) where series_id is not null`.execute(db);
}

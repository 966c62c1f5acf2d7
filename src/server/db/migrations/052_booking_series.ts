// Recurring bookings (issue 18): the bookings made together as repeats share a series id, so a
// change can reach "this and the following" ones (src/server/modules/series-routes.ts). And the
// index the day-before reminders read (src/server/messages/outbox.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table appointments add column series_id text check (char_length(series_id) <= 40)`.execute(db);
  // The day-before reminders look for tomorrow's bookings to come across every clinic each minute.
  await sql`create index appointments_to_come_idx on appointments (date) where status in (0, 3)`.execute(db);
  await sql`create index appointments_series_id_idx on appointments (tenant_id, series_id) where series_id is not null`.execute(db);
}

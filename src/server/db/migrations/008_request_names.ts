// Requests keep the requester's name, so every reader of the list sees who asked (Admins cannot
// read the staff list).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table doctor_requests add column requester_name text`.execute(db);
  await sql`update doctor_requests r set requester_name = u.name from users u where u.id = r.requested_by`.execute(db);
}

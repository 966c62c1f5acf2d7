// When a patient was checked in (an appointment moved to Waiting): the queue shows each waiting
// patient's minutes (issue 18). Set by the appointment rules (modules/appointments.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table appointments add column checked_in_at timestamptz`.execute(db);
}

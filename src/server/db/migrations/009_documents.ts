// Documents as uploads: a doctor's profile picture and identity papers, files attached to visits
// and to tasks.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants add column profile_picture bigint references uploads(id) on delete set null,
            add column national_id_file bigint references uploads(id) on delete set null,
            add column passport_file bigint references uploads(id) on delete set null`.execute(db);
  await sql`alter table visitings add column attachments jsonb not null default '[]'`.execute(db);
  await sql`alter table tasks add column attachments jsonb not null default '[]'`.execute(db);
}

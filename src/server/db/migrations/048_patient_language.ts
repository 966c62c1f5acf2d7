// The language a patient reads (resources/patients.ts `language`): Central Kurdish unless the desk
// says otherwise, as the clinic's interface. Receipts print in it; messages to the patient will.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table patients add column language text not null default 'ckb' check (language in ('ckb', 'ar', 'en'))`.execute(db);
  await sql`create index patients_language_idx on patients (tenant_id, language)`.execute(db);
}

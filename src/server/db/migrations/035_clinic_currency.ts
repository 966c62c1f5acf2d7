// The currency a clinic keeps its accounts in (issue 17): Iraqi dinars unless its Main Doctor
// chooses US dollars (Settings -> Profile; PUT /settings/clinic). Every amount of the clinic's
// screens and documents is shown in it; the amounts themselves are not converted.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants add column currency text not null default 'IQD' constraint tenants_currency_check check (currency in ('IQD', 'USD'))`.execute(db);
}

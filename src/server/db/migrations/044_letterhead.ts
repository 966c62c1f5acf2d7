// The clinic's printed letterhead (issue 19): what a prescription or receipt carries at its top
// beyond the clinic's name, chosen by the Main Doctor (the profile's specialty, address and phone
// until then), the doctor's licence number, and the paper the clinic prints on.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants
    add column print_specialty text check (char_length(print_specialty) <= 120),
    add column print_address text check (char_length(print_address) <= 255),
    add column print_phone text check (char_length(print_phone) <= 120),
    add column licence_number text check (char_length(licence_number) <= 60),
    add column paper_size text not null default 'A5' check (paper_size in ('A5', 'A4'))`.execute(db);
}

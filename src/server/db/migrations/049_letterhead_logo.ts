// The clinic's logo on its printed letterhead (issue 19): a small image kept with the letterhead as
// a data URL (at most 100 KiB of image), so every sheet prints it without a file request of its
// own, whoever prints. Checked by its bytes, not its name (src/shared/letterhead.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants add column print_logo text check (char_length(print_logo) <= 140000)`.execute(db);
}

// payments.provisional_receipt: generated from its declaration by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table payments
  add column provisional_receipt text,
  add check (char_length(provisional_receipt) <= 16)`).execute(db);
  await sql.raw(`create index payments_provisional_receipt_idx on payments (tenant_id, provisional_receipt)`).execute(db);
}

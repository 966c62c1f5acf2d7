// One money model (issue 13, src/server/modules/payments.ts): an income says where it came from
// (0 typed in, 1 a visit's payment, 2 a payment at the desk) instead of an English text, and a
// desk payment's income points at its appointment, which cannot be deleted while it holds one.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table incomes add column source smallint not null default 0 check (source in (0, 1, 2)),
    add column appointment_id bigint,
    add constraint incomes_tenant_id_appointment_id_fkey foreign key (tenant_id, appointment_id) references appointments (tenant_id, id)`.execute(db);
  await sql`create unique index incomes_appointment_idx on incomes (tenant_id, appointment_id) where appointment_id is not null`.execute(db);
  // Visits' incomes so far: automatic, without the English text they were stored with.
  await sql`update incomes set source = 1,
      category = case when category = 'Visit' then null else category end,
      note = case when note = 'Visit fee' then null else note end
    where visiting_id is not null`.execute(db);
}

// labTests, labOrders, labResults: generated from their declarations by `npm run migration:new` (review it; once shipped it never changes).
// Text results (issue 40): a test's result kind, normal answers and names for Kurdish and Arabic
// sheets, a result's text and its "abnormal" flag, and the booking status an order took its
// booking from to Lab Tracking.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table lab_tests add column name_ckb text`).execute(db);
  await sql.raw(`alter table lab_tests add column name_ar text`).execute(db);
  await sql.raw(`alter table lab_tests add column result_kind text not null default 'number'::text`).execute(db);
  await sql.raw(`alter table lab_tests add column answers jsonb not null default '[]'::jsonb`).execute(db);
  await sql.raw(`alter table lab_tests add constraint lab_tests_name_ar_check CHECK ((char_length(name_ar) <= 160)) not valid`).execute(db);
  await sql.raw(`alter table lab_tests add constraint lab_tests_name_ckb_check CHECK ((char_length(name_ckb) <= 160)) not valid`).execute(db);
  await sql.raw(`alter table lab_tests add constraint lab_tests_result_kind_check CHECK ((result_kind = ANY (ARRAY['number'::text, 'text'::text]))) not valid`).execute(db);
  await sql.raw(`create index lab_tests_result_kind_idx on lab_tests USING btree (tenant_id, result_kind)`).execute(db);
  await sql.raw(`alter table lab_orders add column booking_status smallint`).execute(db);
  await sql.raw(`alter table lab_orders add constraint lab_orders_booking_status_check CHECK ((booking_status = ANY (ARRAY[0, 1, 2, 3, 4, 5, 6, 7]))) not valid`).execute(db);
  await sql.raw(`alter table lab_results drop constraint lab_results_flag_check`).execute(db);
  await sql.raw(`alter table lab_results add column value_text text`).execute(db);
  await sql.raw(`alter table lab_results add constraint lab_results_flag_check CHECK ((flag = ANY (ARRAY['low'::text, 'high'::text, 'abnormal'::text]))) not valid`).execute(db);
}

// payments: generated from its declaration by `npm run migration:new`, then by hand: a refund is a
// negative row pointing at its payment, the app role may never delete a row, and the accounts'
// automatic incomes become one per payment (incomes.payment_id), the ones so far turned into the
// payments they stood for (cash, on their day, receipts numbered in that order).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table payments (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  patient_id bigint not null,
  receipt_number integer not null,
  date date not null,
  amount numeric(14,2) not null,
  check (amount >= -100000000 and amount <= 100000000),
  check ((refund_of is null and amount > 0) or (refund_of is not null and amount < 0)),
  method smallint not null default 0,
  check (method in (0, 1, 2, 3)),
  appointment_id bigint,
  visiting_id bigint,
  refund_of bigint,
  taken_by bigint,
  note text,
  check (char_length(note) <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, patient_id) references patients (tenant_id, id),
  unique (tenant_id, receipt_number),
  foreign key (tenant_id, appointment_id) references appointments (tenant_id, id),
  foreign key (tenant_id, visiting_id) references visitings (tenant_id, id),
  foreign key (tenant_id, refund_of) references payments (tenant_id, id),
  foreign key (tenant_id, taken_by) references tenant_users (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index payments_patient_id_idx on payments (tenant_id, patient_id)`).execute(db);
  await sql.raw(`create trigger payments_receipt_number before insert on payments for each row execute function number_record('receipt_number')`).execute(db);
  await sql.raw(`create index payments_date_idx on payments (tenant_id, date)`).execute(db);
  await sql.raw(`create index payments_amount_idx on payments (tenant_id, amount)`).execute(db);
  await sql.raw(`create index payments_method_idx on payments (tenant_id, method)`).execute(db);
  await sql.raw(`create index payments_appointment_id_idx on payments (tenant_id, appointment_id)`).execute(db);
  await sql.raw(`create index payments_visiting_id_idx on payments (tenant_id, visiting_id)`).execute(db);
  await sql.raw(`create index payments_refund_of_idx on payments (tenant_id, refund_of)`).execute(db);
  await sql.raw(`create index payments_taken_by_idx on payments (tenant_id, taken_by)`).execute(db);
  await sql.raw(`create trigger payments_version before update on payments for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger payments_record_changed after insert or update or delete on payments for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table payments enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on payments
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update on payments to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);

  await sql`alter table incomes add column payment_id bigint,
    add constraint incomes_tenant_id_payment_id_fkey foreign key (tenant_id, payment_id) references payments (tenant_id, id),
    drop constraint incomes_amount_check, add constraint incomes_amount_check check (amount > 0 or (source = 4 and amount < 0)),
    drop constraint incomes_source_check, add constraint incomes_source_check check (source in (0, 1, 2, 3, 4))`.execute(db);
  await sql`create unique index incomes_payment_idx on incomes (tenant_id, payment_id) where payment_id is not null`.execute(db);
  // A booking or a visit may now be paid in parts: several incomes each.
  await sql`drop index incomes_appointment_idx`.execute(db);
  await sql`drop index incomes_visiting_idx`.execute(db);
  await sql`create index incomes_appointment_idx on incomes (tenant_id, appointment_id) where appointment_id is not null`.execute(db);
  await sql`create index incomes_visiting_idx on incomes (tenant_id, visiting_id) where visiting_id is not null`.execute(db);
  await sql`do $$
    declare r record; made bigint;
    begin
      for r in select * from incomes where source in (1, 2) and patient_id is not null order by tenant_id, date, id loop
        insert into payments (tenant_id, patient_id, date, amount, method, appointment_id, visiting_id, created_at)
          values (r.tenant_id, r.patient_id, r.date, r.amount, 0,
            case when r.source = 2 then r.appointment_id end, case when r.source = 1 then r.visiting_id end, r.created_at)
          returning id into made;
        update incomes set payment_id = made where tenant_id = r.tenant_id and id = r.id;
      end loop;
    end $$`.execute(db);
}

// labTests, labOrders, labResults: generated from their declarations by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table lab_tests (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  check (char_length(name) <= 160),
  unit text,
  check (char_length(unit) <= 30),
  low numeric,
  check (low >= -1000000),
  check (low <= 1000000),
  high numeric,
  check (high >= -1000000),
  check (high <= 1000000),
  ranges jsonb not null default '[]'::jsonb,
  loinc_code text,
  check (char_length(loinc_code) <= 10),
  price_id bigint,
  notes text,
  check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  archived_at timestamptz,
  constraint lab_tests_low_vs_high_check check (low <= high),
  primary key (tenant_id, id),
  foreign key (tenant_id, price_id) references prices (tenant_id, id)
)`).execute(db);
  await sql.raw(`create unique index lab_tests_name_key on lab_tests (tenant_id, lower(name))`).execute(db);
  await sql.raw(`create index lab_tests_loinc_code_idx on lab_tests (tenant_id, loinc_code)`).execute(db);
  await sql.raw(`create index lab_tests_price_id_idx on lab_tests (tenant_id, price_id)`).execute(db);
  await sql.raw(`create trigger lab_tests_version before update on lab_tests for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger lab_tests_record_changed after insert or update or delete on lab_tests for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table lab_tests enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lab_tests
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on lab_tests to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table lab_orders (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  patient_id bigint not null,
  visiting_id bigint,
  doctor_id bigint,
  ordered_on date,
  tests jsonb not null default '[]'::jsonb,
  notes text,
  attachments jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, patient_id) references patients (tenant_id, id),
  foreign key (tenant_id, visiting_id) references visitings (tenant_id, id),
  foreign key (tenant_id, doctor_id) references tenant_users (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index lab_orders_patient_id_idx on lab_orders (tenant_id, patient_id)`).execute(db);
  await sql.raw(`create index lab_orders_visiting_id_idx on lab_orders (tenant_id, visiting_id)`).execute(db);
  await sql.raw(`create index lab_orders_doctor_id_idx on lab_orders (tenant_id, doctor_id)`).execute(db);
  await sql.raw(`create index lab_orders_ordered_on_idx on lab_orders (tenant_id, ordered_on)`).execute(db);
  await sql.raw(`create trigger lab_orders_version before update on lab_orders for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger lab_orders_record_changed after insert or update or delete on lab_orders for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table lab_orders enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lab_orders
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on lab_orders to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table lab_results (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  patient_id bigint not null,
  lab_order_id bigint,
  lab_test_id bigint not null,
  value numeric,
  check (value >= -1000000),
  check (value <= 1000000),
  unit text,
  reference text,
  flag text,
  check (flag in ('low', 'high')),
  resulted_on date,
  notes text,
  attachments jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, patient_id) references patients (tenant_id, id),
  foreign key (tenant_id, lab_order_id) references lab_orders (tenant_id, id),
  foreign key (tenant_id, lab_test_id) references lab_tests (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index lab_results_patient_id_idx on lab_results (tenant_id, patient_id)`).execute(db);
  await sql.raw(`create index lab_results_lab_order_id_idx on lab_results (tenant_id, lab_order_id)`).execute(db);
  await sql.raw(`create index lab_results_lab_test_id_idx on lab_results (tenant_id, lab_test_id)`).execute(db);
  await sql.raw(`create index lab_results_flag_idx on lab_results (tenant_id, flag)`).execute(db);
  await sql.raw(`create index lab_results_resulted_on_idx on lab_results (tenant_id, resulted_on)`).execute(db);
  await sql.raw(`create trigger lab_results_version before update on lab_results for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger lab_results_record_changed after insert or update or delete on lab_results for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table lab_results enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lab_results
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on lab_results to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
}

// workingHours, closedDays: generated from their declarations by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table working_hours (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  doctor_id bigint not null,
  weekday smallint not null,
  check (weekday in (0, 1, 2, 3, 4, 5, 6)),
  start_time time not null,
  end_time time not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint working_hours_end_time_vs_start_time_check check (end_time > start_time),
  primary key (tenant_id, id),
  foreign key (tenant_id, doctor_id) references tenant_users (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index working_hours_doctor_id_idx on working_hours (tenant_id, doctor_id)`).execute(db);
  await sql.raw(`create index working_hours_weekday_idx on working_hours (tenant_id, weekday)`).execute(db);
  await sql.raw(`create index working_hours_start_time_idx on working_hours (tenant_id, start_time)`).execute(db);
  await sql.raw(`create trigger working_hours_version before update on working_hours for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger working_hours_record_changed after insert or update or delete on working_hours for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table working_hours enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on working_hours
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on working_hours to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table closed_days (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  date date not null,
  doctor_id bigint,
  reason text,
  check (char_length(reason) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, doctor_id) references tenant_users (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index closed_days_date_idx on closed_days (tenant_id, date)`).execute(db);
  await sql.raw(`create index closed_days_doctor_id_idx on closed_days (tenant_id, doctor_id)`).execute(db);
  await sql.raw(`create trigger closed_days_version before update on closed_days for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger closed_days_record_changed after insert or update or delete on closed_days for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table closed_days enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on closed_days
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on closed_days to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
}

// allergies, patientAlerts: generated from their declarations by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table allergies (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  patient_id bigint not null,
  substance text not null,
  check (char_length(substance) <= 120),
  reaction text,
  check (char_length(reaction) <= 200),
  severity smallint not null,
  check (severity in (0, 1, 2, 3)),
  noted_on date,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, patient_id) references patients (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index allergies_patient_id_idx on allergies (tenant_id, patient_id)`).execute(db);
  await sql.raw(`create index allergies_substance_idx on allergies (tenant_id, substance)`).execute(db);
  await sql.raw(`create index allergies_severity_idx on allergies (tenant_id, severity)`).execute(db);
  await sql.raw(`create index allergies_noted_on_idx on allergies (tenant_id, noted_on)`).execute(db);
  await sql.raw(`create trigger allergies_version before update on allergies for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger allergies_record_changed after insert or update or delete on allergies for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table allergies enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on allergies
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on allergies to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table patient_alerts (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  patient_id bigint not null,
  kind smallint not null,
  check (kind in (0, 1, 2, 3, 4, 5, 6)),
  detail text,
  check (char_length(detail) <= 200),
  active boolean not null default true,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, patient_id) references patients (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index patient_alerts_patient_id_idx on patient_alerts (tenant_id, patient_id)`).execute(db);
  await sql.raw(`create index patient_alerts_kind_idx on patient_alerts (tenant_id, kind)`).execute(db);
  await sql.raw(`create index patient_alerts_active_idx on patient_alerts (tenant_id, active)`).execute(db);
  await sql.raw(`create trigger patient_alerts_version before update on patient_alerts for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger patient_alerts_record_changed after insert or update or delete on patient_alerts for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table patient_alerts enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on patient_alerts
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on patient_alerts to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
}

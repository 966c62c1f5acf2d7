// Clinic work: appointments, patient records, catalogs, tasks, accounting, services; and the
// platform's own locations, links and agreements.
import { type Kysely, sql } from 'kysely';
import { grantAppRole, isolateTenantTable } from './helpers';

const timestamps = sql`created_at timestamptz not null default now(), updated_at timestamptz not null default now()`;
const clinic = sql`tenant_id bigint not null references tenants(id) on delete cascade, id bigint generated always as identity`;
const patientRef = sql`foreign key (tenant_id, patient_id) references patients(tenant_id, id) on delete cascade`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table appointments (
    ${clinic},
    patient_id bigint not null,
    doctor_id bigint,
    date date not null, time time not null,
    duration_minutes integer not null default 15 check (duration_minutes between 5 and 480),
    origin smallint not null default 0, type smallint not null default 0, status smallint not null default 0,
    is_paid boolean not null default false,
    amount numeric(14,2) not null default 0, paid_amount numeric(14,2) not null default 0,
    referral text, notes text,
    ${timestamps},
    primary key (tenant_id, id), ${patientRef},
    foreign key (tenant_id, doctor_id) references tenant_users(tenant_id, id) on delete set null (doctor_id))`.execute(db);
  await sql`create index appointments_day_idx on appointments (tenant_id, date, time)`.execute(db);
  await sql`create index appointments_patient_idx on appointments (tenant_id, patient_id)`.execute(db);

  await sql`create table vital_signs (
    ${clinic}, patient_id bigint not null,
    measured_at timestamptz not null default now(),
    body_temperature numeric(4,1), heart_rate integer, respiratory_rate integer, systolic integer, diastolic integer,
    oxygen_saturation integer, pain_level integer, weight numeric(5,1), height numeric(5,1), bmi numeric(5,1),
    waist_circumference numeric(5,1), notes text,
    ${timestamps}, primary key (tenant_id, id), ${patientRef})`.execute(db);
  await sql`create index vital_signs_patient_idx on vital_signs (tenant_id, patient_id, measured_at desc)`.execute(db);

  await sql`create table past_medical_histories (
    ${clinic}, patient_id bigint not null,
    condition text not null, diagnosed_on date, is_chronic boolean not null default false, notes text,
    ${timestamps}, primary key (tenant_id, id), ${patientRef})`.execute(db);
  await sql`create index past_medical_histories_patient_idx on past_medical_histories (tenant_id, patient_id)`.execute(db);

  await sql`create table past_medications (
    ${clinic}, patient_id bigint not null,
    drug_name text not null, dose text, frequency text, started_on date, ended_on date, notes text,
    ${timestamps}, primary key (tenant_id, id), ${patientRef})`.execute(db);
  await sql`create index past_medications_patient_idx on past_medications (tenant_id, patient_id)`.execute(db);

  for (const table of ['common_diseases', 'examinations', 'life_styles', 'physical_theraphies']) {
    await sql`create table ${sql.table(table)} (
      ${clinic}, name text not null, description text,
      ${timestamps}, primary key (tenant_id, id), unique (tenant_id, name))`.execute(db);
  }

  await sql`create table tasks (
    ${clinic}, title text not null, description text, priority smallint not null default 1,
    start_day date, end_day date, is_done boolean not null default false,
    ${timestamps}, primary key (tenant_id, id), check (end_day is null or start_day is null or end_day >= start_day))`.execute(db);

  await sql`create table expenses (
    ${clinic}, amount numeric(14,2) not null check (amount > 0), date date not null, category text, note text,
    ${timestamps}, primary key (tenant_id, id))`.execute(db);
  await sql`create table incomes (
    ${clinic}, amount numeric(14,2) not null check (amount > 0), date date not null, category text, note text,
    patient_id bigint,
    ${timestamps}, primary key (tenant_id, id),
    foreign key (tenant_id, patient_id) references patients(tenant_id, id) on delete set null (patient_id))`.execute(db);
  await sql`create index expenses_date_idx on expenses (tenant_id, date)`.execute(db);
  await sql`create index incomes_date_idx on incomes (tenant_id, date)`.execute(db);

  await sql`create table tenant_locations (
    ${clinic}, name text not null, address text, phone text, map_url text, working_hours text,
    ${timestamps}, primary key (tenant_id, id))`.execute(db);
  await sql`create table tenant_links (
    ${clinic}, title text not null, url text not null, kind text,
    ${timestamps}, primary key (tenant_id, id))`.execute(db);

  await sql`create table locations (
    id bigint generated always as identity primary key,
    name text not null, address text, phone text, map_url text, working_hours text, ${timestamps})`.execute(db);
  await sql`create table links (
    id bigint generated always as identity primary key,
    title text not null, url text not null, kind text, ${timestamps})`.execute(db);
  await sql`create table agreements (
    id bigint generated always as identity primary key, position integer not null default 0,
    title_en text not null, title_ar text not null, title_ckb text not null,
    body_en text not null, body_ar text not null, body_ckb text not null, ${timestamps})`.execute(db);

  for (const table of [
    'appointments',
    'vital_signs',
    'past_medical_histories',
    'past_medications',
    'common_diseases',
    'examinations',
    'life_styles',
    'physical_theraphies',
    'tasks',
    'expenses',
    'incomes',
    'tenant_locations',
    'tenant_links',
  ]) {
    await isolateTenantTable(db, table);
  }
  await grantAppRole(db);
}

// Visits, with their prescriptions and advice kept as JSON lists, and the income a visit's
// payment becomes.
import { type Kysely, sql } from 'kysely';
import { grantAppRole, isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table visitings (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    patient_id bigint not null, appointment_id bigint, doctor_id bigint,
    date date not null default current_date,
    chief_complaint text, history_of_present_illness text, examination_findings text, physician_diagnosis text,
    prescriptions jsonb not null default '[]', examinations jsonb not null default '[]',
    life_styles jsonb not null default '[]', physical_theraphies jsonb not null default '[]',
    notes text,
    fee numeric(14,2) not null default 0, paid_amount numeric(14,2) not null default 0,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, patient_id) references patients(tenant_id, id) on delete cascade,
    foreign key (tenant_id, appointment_id) references appointments(tenant_id, id) on delete set null (appointment_id),
    foreign key (tenant_id, doctor_id) references tenant_users(tenant_id, id) on delete set null (doctor_id),
    check (paid_amount <= fee))`.execute(db);
  await sql`create index visitings_patient_idx on visitings (tenant_id, patient_id, date desc)`.execute(db);
  await sql`create index visitings_date_idx on visitings (tenant_id, date)`.execute(db);

  await sql`alter table incomes add column visiting_id bigint`.execute(db);
  await sql`alter table incomes add foreign key (tenant_id, visiting_id) references visitings(tenant_id, id) on delete cascade`.execute(db);
  await sql`create unique index incomes_visiting_idx on incomes (tenant_id, visiting_id) where visiting_id is not null`.execute(db);

  await isolateTenantTable(db, 'visitings');
  await grantAppRole(db);
}

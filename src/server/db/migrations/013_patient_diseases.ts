// The common diseases a patient has, from the clinic's catalog (the patient's nurses tab).
import { type Kysely, sql } from 'kysely';
import { grantAppRole, isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table patient_diseases (
    tenant_id bigint not null references tenants(id) on delete cascade, id bigint generated always as identity,
    patient_id bigint not null, common_disease_id bigint not null,
    since date, is_controlled boolean not null default false, notes text,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    unique (tenant_id, patient_id, common_disease_id),
    foreign key (tenant_id, patient_id) references patients(tenant_id, id) on delete cascade,
    foreign key (tenant_id, common_disease_id) references common_diseases(tenant_id, id) on delete restrict)`.execute(db);
  await isolateTenantTable(db, 'patient_diseases');
  await grantAppRole(db);
}

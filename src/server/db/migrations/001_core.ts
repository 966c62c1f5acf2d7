// Platform tables (plans, doctors, staff, sessions) and the first clinic tables.
import { type Kysely, sql } from 'kysely';
import { ensureAppRole, grantAppRole, isolateTenantTable } from './helpers';

const timestamps = sql`created_at timestamptz not null default now(), updated_at timestamptz not null default now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await ensureAppRole(db);

  await sql`create table plans (
    id bigint generated always as identity primary key,
    type_en text not null, type_ar text not null, type_ckb text not null,
    price numeric(12,2) not null check (price >= 0),
    discount integer not null default 0 check (discount between 0 and 100),
    recommended boolean not null default false,
    max_users integer not null, max_visitings integer not null,
    max_cases integer not null default 0, max_storage_gb integer not null,
    support boolean not null default true,
    features_en text, features_ar text, features_ckb text,
    ${timestamps})`.execute(db);

  await sql`create table tenants (
    id bigint generated always as identity primary key,
    name text not null,
    subdomain text not null unique,
    username text not null,
    email text, phone text, gender smallint, date_of_birth date, education text,
    experience_years integer, skill text, city text, region text, address text,
    residence_code text, tax_code text, security_code text, domain text, owner_name text,
    plan_id bigint references plans(id),
    status smallint not null default 0,
    subscription_start date, subscription_end date,
    ${timestamps})`.execute(db);
  await sql`create index tenants_status_idx on tenants (status)`.execute(db);

  await sql`create table users (
    id bigint generated always as identity primary key,
    name text not null, username text not null unique, email text unique, phone text,
    role smallint not null, is_active boolean not null default true, password_hash text not null,
    ${timestamps})`.execute(db);

  await sql`create table permissions (
    id bigint generated always as identity primary key,
    name text not null, table_name text not null,
    unique (table_name, name))`.execute(db);

  await sql`create table sessions (
    token_hash text primary key,
    scope text not null check (scope in ('central', 'tenant')),
    tenant_id bigint references tenants(id) on delete cascade,
    user_id bigint not null,
    created_at timestamptz not null, last_seen_at timestamptz not null, expires_at timestamptz not null)`.execute(db);
  await sql`create index sessions_user_idx on sessions (scope, tenant_id, user_id)`.execute(db);

  await sql`create table login_failures (
    id bigint generated always as identity primary key,
    key text not null, created_at timestamptz not null)`.execute(db);
  await sql`create index login_failures_key_idx on login_failures (key, created_at)`.execute(db);

  await sql`create table password_resets (
    id bigint generated always as identity primary key,
    scope text not null, tenant_id bigint references tenants(id) on delete cascade, user_id bigint not null,
    code_hash text not null, attempts integer not null default 0, expires_at timestamptz not null,
    reset_token_hash text, used_at timestamptz, created_at timestamptz not null)`.execute(db);
  await sql`create index password_resets_user_idx on password_resets (scope, tenant_id, user_id)`.execute(db);

  // Clinic tables: tenant_id leads the primary key and every foreign key (ready for Citus).
  await sql`create table tenant_users (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    name text not null, username text not null, email text, phone text,
    role smallint not null, is_active boolean not null default true, password_hash text not null,
    ${timestamps},
    primary key (tenant_id, id), unique (tenant_id, username))`.execute(db);

  await sql`create table user_permissions (
    tenant_id bigint not null,
    user_id bigint not null,
    permission_id bigint not null references permissions(id) on delete cascade,
    primary key (tenant_id, user_id, permission_id),
    foreign key (tenant_id, user_id) references tenant_users(tenant_id, id) on delete cascade)`.execute(db);

  await sql`create table patients (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    name text not null, gender smallint not null, date_of_birth date, phone text, national_id text,
    blood_group smallint, address text, occupation text, emergency_contact text, notes text,
    ${timestamps},
    primary key (tenant_id, id))`.execute(db);
  await sql`create index patients_name_idx on patients (tenant_id, lower(name) text_pattern_ops)`.execute(db);
  await sql`create index patients_phone_idx on patients (tenant_id, phone)`.execute(db);
  await sql`create index patients_national_id_idx on patients (tenant_id, national_id)`.execute(db);
  await sql`create index patients_created_idx on patients (tenant_id, created_at desc)`.execute(db);

  await sql`create table drugs (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    name text not null, scientific_name text, form text, strength text, notes text,
    ${timestamps},
    primary key (tenant_id, id), unique (tenant_id, name))`.execute(db);

  for (const table of ['tenant_users', 'user_permissions', 'patients', 'drugs']) {
    await isolateTenantTable(db, table);
  }
  await grantAppRole(db);
}

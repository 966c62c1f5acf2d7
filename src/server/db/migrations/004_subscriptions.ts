// The platform's business: managed cities and educations, plan history, invoices, Admins' requests
// about doctors, and notifications.
import { type Kysely, sql } from 'kysely';
import { grantAppRole } from './helpers';

const timestamps = sql`created_at timestamptz not null default now(), updated_at timestamptz not null default now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cities', 'educations']) {
    await sql`create table ${sql.table(table)} (
      id bigint generated always as identity primary key,
      name_en text not null unique, name_ar text not null, name_ckb text not null, ${timestamps})`.execute(db);
  }
  await sql`alter table tenants add column city_id bigint references cities(id) on delete set null, add column education_id bigint references educations(id) on delete set null`.execute(db);
  // Doctors' free-text cities and educations become list entries.
  await sql`insert into cities (name_en, name_ar, name_ckb) select distinct city, city, city from tenants where city is not null`.execute(db);
  await sql`update tenants t set city_id = c.id from cities c where c.name_en = t.city`.execute(db);
  await sql`insert into educations (name_en, name_ar, name_ckb) select distinct education, education, education from tenants where education is not null`.execute(db);
  await sql`update tenants t set education_id = e.id from educations e where e.name_en = t.education`.execute(db);
  await sql`alter table tenants drop column city, drop column education`.execute(db);

  await sql`create table plan_histories (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenants(id) on delete cascade,
    plan_id bigint references plans(id) on delete set null,
    action text not null check (action in ('created', 'renewed', 'changed', 'reactivated', 'suspended', 'archived', 'no_action')),
    starts_on date, ends_on date,
    user_id bigint references users(id) on delete set null,
    ${timestamps})`.execute(db);
  await sql`create index plan_histories_tenant_idx on plan_histories (tenant_id, created_at desc)`.execute(db);

  await sql`create table invoices (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenants(id) on delete cascade,
    plan_id bigint references plans(id) on delete set null,
    kind text not null check (kind in ('registration', 'renewal')),
    amount numeric(12,2) not null check (amount >= 0),
    issued_on date not null, due_on date not null,
    is_paid boolean not null default false, paid_at timestamptz,
    ${timestamps})`.execute(db);
  await sql`create index invoices_unpaid_idx on invoices (due_on) where not is_paid`.execute(db);
  await sql`create index invoices_tenant_idx on invoices (tenant_id, issued_on desc)`.execute(db);

  await sql`create table doctor_requests (
    id bigint generated always as identity primary key,
    kind text not null check (kind in ('create', 'update', 'plan', 'delete')),
    -- Kept when the doctor is deleted, so the decision stays on record.
    tenant_id bigint references tenants(id) on delete set null,
    payload jsonb not null default '{}',
    -- The new doctor's password, hashed at once; never part of the payload anyone reads.
    password_hash text,
    status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
    requested_by bigint references users(id) on delete set null,
    decided_by bigint references users(id) on delete set null,
    decided_at timestamptz,
    ${timestamps})`.execute(db);
  // The pending lock: one open request per doctor at a time.
  await sql`create unique index doctor_requests_pending_idx on doctor_requests (tenant_id) where status = 'pending' and tenant_id is not null`.execute(db);

  await sql`create table notifications (
    id bigint generated always as identity primary key,
    scope text not null check (scope in ('central', 'tenant')),
    tenant_id bigint references tenants(id) on delete cascade,
    user_id bigint not null,
    kind text not null, data jsonb not null default '{}',
    is_read smallint not null default 0,
    created_at timestamptz not null default now())`.execute(db);
  await sql`create index notifications_user_idx on notifications (scope, tenant_id, user_id, is_read, created_at desc)`.execute(db);

  await grantAppRole(db);
}

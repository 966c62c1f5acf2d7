// A clinic's whole copy on request (issue 15): the Main Doctor asks, a background job builds the
// ZIP. The row is the job's durable state: a queued copy survives a restart, a running one whose
// worker stopped beating is taken over, and a claim is one UPDATE ... FOR UPDATE SKIP LOCKED, so two
// server processes never build the same copy.
import { type Kysely, sql } from 'kysely';
import { grantAppRole, isolateTenantTable, versionTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table exports (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'expired')),
    progress smallint not null default 0 check (progress between 0 and 100),
    requested_by bigint not null,
    -- The requester's language: the CSV files' headers and values, and the README.
    lang text not null default 'ckb' check (lang in ('ckb', 'ar', 'en')),
    size bigint,
    storage_key text,
    error text,
    attempts integer not null default 0,
    worker text,
    heartbeat_at timestamptz,
    started_at timestamptz,
    finished_at timestamptz,
    expires_at timestamptz,
    download_url text generated always as (case when status = 'done' then '/api/v1/exports/' || id || '/download' end) stored,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, requested_by) references tenant_users(tenant_id, id))`.execute(db);
  // The worker's claim looks for waiting and abandoned jobs across clinics.
  await sql`create index exports_pending_idx on exports (status, heartbeat_at) where status in ('queued', 'running')`.execute(db);
  await isolateTenantTable(db, 'exports');
  await versionTable(db, 'exports');
  await grantAppRole(db);
  // A new job wakes the workers of every process at once (no polling for it).
  await sql`create or replace function announce_export() returns trigger language plpgsql as $$
    begin perform pg_notify('export_queued', ''); return null; end $$`.execute(db);
  await sql`create trigger exports_announce after insert on exports for each statement execute function announce_export()`.execute(db);
}

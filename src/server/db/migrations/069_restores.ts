// A clinic's copy restored as a background job (issue 39): the Owner's upload is stored and the
// request answers at once; a worker of any process claims the job (FOR UPDATE SKIP LOCKED), beats
// while it writes, and reports its phase and the rows written so far. A job whose worker stopped
// beating (a crash, a restart) is taken over: the new worker first removes what the old one wrote.
import { type Kysely, sql } from 'kysely';
import { isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table restores (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    -- reading, checking, files, records, finishing: what the worker is doing now.
    phase text,
    -- Set once an attempt got past the emptiness check: the next attempt removes what it wrote.
    wrote boolean not null default false,
    done integer not null default 0,
    total integer not null default 0,
    -- Who asked (the Owner) and from where, for the trail written when it is done.
    actor jsonb not null,
    origin jsonb not null,
    storage_key text,
    size bigint,
    -- The records and files written, once done.
    result jsonb,
    -- Why it failed: a translation key and its values (the record and field a value was refused on).
    error text,
    error_vars jsonb,
    attempts integer not null default 0,
    worker text,
    heartbeat_at timestamptz,
    started_at timestamptz,
    finished_at timestamptz,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    primary key (tenant_id, id))`.execute(db);
  // One restore at a time into a clinic.
  await sql`create unique index restores_one_open_idx on restores (tenant_id) where status in ('queued', 'running')`.execute(db);
  await sql`create index restores_pending_idx on restores (status, heartbeat_at) where status in ('queued', 'running')`.execute(db);
  await isolateTenantTable(db, 'restores');
  // The clinic's role marks its job done in the restore's last transaction (and reads it there).
  // Granted on this table alone: the helper granting every table would reach platform tables too.
  await sql`grant select, update on restores to clinic_app`.execute(db);
  await sql`create or replace function announce_restore() returns trigger language plpgsql as $$
    begin perform pg_notify('restore_queued', ''); return null; end $$`.execute(db);
  await sql`create trigger restores_announce after insert on restores for each statement execute function announce_restore()`.execute(db);
}

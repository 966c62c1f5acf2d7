// The audit trail (issue 14): who read or changed what, when, from where, on whose behalf.
// Append-only: no role may update, delete or truncate an event (a trigger refuses it for every
// role, the table owner included, and the app role is granted select and insert only).
// Tamper-evident: events are sealed after commit into a hash chain per clinic (audit_seals, also
// append-only; src/server/audit/seal.ts), so a row altered later no longer matches its seal.
import { type Kysely, sql } from 'kysely';
import { APP_ROLE, isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table audit_events (
    id bigint generated always as identity primary key,
    -- The clinic the event belongs to; null: the platform's own (central) events.
    tenant_id bigint,
    at timestamptz not null default now(),
    actor_scope text check (actor_scope in ('central', 'tenant')),
    -- The actor's name as it was (a failed login: the username tried).
    user_id bigint, actor_role smallint, actor_name text,
    -- A support session: the Main Doctor's grant the central actor works under.
    on_behalf_of bigint,
    action text not null, resource text, record_id bigint,
    patient_id bigint, patient_ids bigint[],
    fields text[], ip text, user_agent text)`.execute(db);
  await sql`create index audit_events_tenant_at_idx on audit_events (tenant_id, at desc, id desc)`.execute(db);
  await sql`create index audit_events_patient_idx on audit_events (tenant_id, patient_id, at desc) where patient_id is not null`.execute(db);
  // patient_ids (the patients a list showed) is kept for the record, not searched: no index to pay
  // for on every list.

  // tenant_key: the clinic, 0 for the platform; seq: the event's place in that chain.
  await sql`create table audit_seals (
    tenant_key bigint not null, seq bigint not null,
    event_id bigint not null unique, hash text not null,
    primary key (tenant_key, seq))`.execute(db);

  await sql`create function refuse_audit_change() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit trail is append-only' using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  for (const table of ['audit_events', 'audit_seals']) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function refuse_audit_change()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function refuse_audit_change()`.execute(db);
  }

  // A clinic's requests write their events as the app role under row-level security.
  await isolateTenantTable(db, 'audit_events');
  await sql`grant select, insert on audit_events to ${sql.raw(APP_ROLE)}`.execute(db);
  await sql`grant usage, select on all sequences in schema public to ${sql.raw(APP_ROLE)}`.execute(db);
}

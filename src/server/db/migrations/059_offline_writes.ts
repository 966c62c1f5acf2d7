// Writes made on a device during an internet cut (issue 37). The client references of the
// resources declared `offline` and the audit trail's offline columns are generated from the
// declarations; the longer-kept Idempotency-Keys of offline operations are written by hand.
// patients.client_ref, allergies.client_ref, appointments.client_ref, visitings.client_ref, payments.client_ref, clinicAudit.entered_offline_at, clinicAudit.device_id: generated from their declarations by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table patients
  add column client_ref text,
  add check (char_length(client_ref) <= 36),
  add constraint patients_client_ref_key unique (tenant_id, client_ref)`).execute(db);
  await sql.raw(`alter table allergies
  add column client_ref text,
  add check (char_length(client_ref) <= 36),
  add constraint allergies_client_ref_key unique (tenant_id, client_ref)`).execute(db);
  await sql.raw(`alter table appointments
  add column client_ref text,
  add check (char_length(client_ref) <= 36),
  add constraint appointments_client_ref_key unique (tenant_id, client_ref)`).execute(db);
  await sql.raw(`alter table visitings
  add column client_ref text,
  add check (char_length(client_ref) <= 36),
  add constraint visitings_client_ref_key unique (tenant_id, client_ref)`).execute(db);
  await sql.raw(`alter table payments
  add column client_ref text,
  add check (char_length(client_ref) <= 36),
  add constraint payments_client_ref_key unique (tenant_id, client_ref)`).execute(db);
  await sql.raw(`alter table audit_events
  add column entered_offline_at timestamptz`).execute(db);
  await sql.raw(`alter table audit_events
  add column device_id text`).execute(db);
  // An offline operation's key is kept 14 days, not one (src/server/http/idempotency.ts).
  await sql`alter table idempotency_keys add column offline boolean not null default false`.execute(db);
}

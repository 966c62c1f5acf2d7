// printedDocuments: generated from its declaration by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table printed_documents (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  kind text not null,
  check (kind in ('prescription', 'sick_note', 'referral', 'lab_order', 'receipt')),
  record_id integer not null,
  doctor_id bigint,
  issued_on date not null,
  digest text not null,
  check (char_length(digest) <= 64),
  revoked_at timestamptz,
  revoked_by bigint,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, doctor_id) references tenant_users (tenant_id, id),
  foreign key (tenant_id, revoked_by) references tenant_users (tenant_id, id),
  foreign key (tenant_id, created_by) references tenant_users (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index printed_documents_kind_idx on printed_documents (tenant_id, kind)`).execute(db);
  await sql.raw(`create index printed_documents_record_id_idx on printed_documents (tenant_id, record_id)`).execute(db);
  await sql.raw(`create index printed_documents_doctor_id_idx on printed_documents (tenant_id, doctor_id)`).execute(db);
  await sql.raw(`create index printed_documents_issued_on_idx on printed_documents (tenant_id, issued_on)`).execute(db);
  await sql.raw(`create index printed_documents_revoked_at_idx on printed_documents (tenant_id, revoked_at)`).execute(db);
  await sql.raw(`create index printed_documents_revoked_by_idx on printed_documents (tenant_id, revoked_by)`).execute(db);
  await sql.raw(`create index printed_documents_created_by_idx on printed_documents (tenant_id, created_by)`).execute(db);
  await sql.raw(`create trigger printed_documents_version before update on printed_documents for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger printed_documents_record_changed after insert or update or delete on printed_documents for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table printed_documents enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on printed_documents
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on printed_documents to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
}

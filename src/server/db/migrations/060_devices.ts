// devices: generated from its declaration by `npm run migration:new` (review it; once shipped it never changes).
// Issue 36: the clinic's devices keeping a working set, one row per device and user; by hand, the
// unique key a device's sync upserts on.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table devices (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  label text,
  check (char_length(label) <= 120),
  user_id bigint,
  status text,
  check (status in ('active', 'revoked', 'wiped')),
  last_sync_at timestamptz,
  device_id text,
  check (char_length(device_id) <= 36),
  first_sync_at timestamptz,
  revoked_at timestamptz,
  revoked_by bigint,
  wiped_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references tenant_users (tenant_id, id),
  foreign key (tenant_id, revoked_by) references tenant_users (tenant_id, id)
)`).execute(db);
  await sql.raw(`create unique index devices_device_user_key on devices (tenant_id, device_id, user_id)`).execute(db);
  await sql.raw(`create index devices_user_id_idx on devices (tenant_id, user_id)`).execute(db);
  await sql.raw(`create index devices_status_idx on devices (tenant_id, status)`).execute(db);
  await sql.raw(`create index devices_last_sync_at_idx on devices (tenant_id, last_sync_at)`).execute(db);
  await sql.raw(`create index devices_revoked_at_idx on devices (tenant_id, revoked_at)`).execute(db);
  await sql.raw(`create index devices_revoked_by_idx on devices (tenant_id, revoked_by)`).execute(db);
  await sql.raw(`create trigger devices_version before update on devices for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger devices_record_changed after insert or update or delete on devices for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table devices enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on devices
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on devices to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
}

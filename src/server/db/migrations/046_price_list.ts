// prices: generated from its declaration by `npm run migration:new` (review it; once shipped it never changes);
// then the service a booking or a visit names (by hand: columns of existing tables).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table prices (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  check (char_length(name) <= 120),
  price numeric(14,2) not null,
  check (price >= 0),
  check (price <= 100000000),
  doctor_id bigint,
  active boolean not null default true,
  notes text,
  check (char_length(notes) <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  archived_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, doctor_id) references tenant_users (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index prices_name_idx on prices (tenant_id, name)`).execute(db);
  await sql.raw(`create index prices_price_idx on prices (tenant_id, price)`).execute(db);
  await sql.raw(`create index prices_doctor_id_idx on prices (tenant_id, doctor_id)`).execute(db);
  await sql.raw(`create index prices_active_idx on prices (tenant_id, active)`).execute(db);
  await sql.raw(`create trigger prices_version before update on prices for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger prices_record_changed after insert or update or delete on prices for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table prices enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on prices
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on prices to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  for (const table of ['appointments', 'visitings']) {
    await sql.raw(`alter table ${table} add column service_id bigint, add foreign key (tenant_id, service_id) references prices (tenant_id, id)`).execute(db);
    await sql.raw(`create index ${table}_service_id_idx on ${table} (tenant_id, service_id)`).execute(db);
  }
}

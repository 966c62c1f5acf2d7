// suppliers, stockItems, stockMovements: generated from their declarations by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table suppliers (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  check (char_length(name) <= 160),
  phone text,
  notes text,
  check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  archived_at timestamptz,
  primary key (tenant_id, id)
)`).execute(db);
  await sql.raw(`create unique index suppliers_name_key on suppliers (tenant_id, lower(name))`).execute(db);
  await sql.raw(`create trigger suppliers_version before update on suppliers for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger suppliers_record_changed after insert or update or delete on suppliers for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table suppliers enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on suppliers
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on suppliers to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table stock_items (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  check (char_length(name) <= 160),
  drug_id bigint,
  unit text,
  check (char_length(unit) <= 30),
  reorder_level numeric not null default 0,
  check (reorder_level >= 0),
  check (reorder_level <= 1000000),
  unit_price numeric(14,2),
  check (unit_price >= 0),
  check (unit_price <= 100000000),
  expiry_date date,
  notes text,
  check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  archived_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, drug_id),
  foreign key (tenant_id, drug_id) references drugs (tenant_id, id)
)`).execute(db);
  await sql.raw(`create unique index stock_items_name_key on stock_items (tenant_id, lower(name))`).execute(db);
  await sql.raw(`create index stock_items_drug_id_idx on stock_items (tenant_id, drug_id)`).execute(db);
  await sql.raw(`create index stock_items_expiry_date_idx on stock_items (tenant_id, expiry_date)`).execute(db);
  await sql.raw(`create trigger stock_items_version before update on stock_items for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger stock_items_record_changed after insert or update or delete on stock_items for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table stock_items enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on stock_items
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on stock_items to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table stock_movements (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  stock_item_id bigint not null,
  kind text not null default 'in',
  check (kind in ('in', 'out')),
  quantity numeric not null,
  check (quantity >= 0.01),
  check (quantity <= 1000000),
  date date not null,
  supplier_id bigint,
  visiting_id bigint,
  prescription_line integer,
  check (prescription_line >= 0),
  check (prescription_line <= 29),
  note text,
  check (char_length(note) <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, stock_item_id) references stock_items (tenant_id, id),
  foreign key (tenant_id, supplier_id) references suppliers (tenant_id, id),
  foreign key (tenant_id, visiting_id) references visitings (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index stock_movements_stock_item_id_idx on stock_movements (tenant_id, stock_item_id)`).execute(db);
  await sql.raw(`create index stock_movements_kind_idx on stock_movements (tenant_id, kind)`).execute(db);
  await sql.raw(`create index stock_movements_date_idx on stock_movements (tenant_id, date)`).execute(db);
  await sql.raw(`create index stock_movements_supplier_id_idx on stock_movements (tenant_id, supplier_id)`).execute(db);
  await sql.raw(`create index stock_movements_visiting_id_idx on stock_movements (tenant_id, visiting_id)`).execute(db);
  await sql.raw(`create trigger stock_movements_version before update on stock_movements for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger stock_movements_record_changed after insert or update or delete on stock_movements for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table stock_movements enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on stock_movements
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on stock_movements to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
}

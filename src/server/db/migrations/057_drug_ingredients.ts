// ingredients: generated from its declaration by `npm run migration:new` (review it; once shipped it never changes).
// By hand (issue 32): what a drug contains, the reason a visit's doctor prescribed past an allergy
// warning, and every clinic's starting list of ingredients (a new clinic gets it when created:
// modules/tenants.ts).
import { type Kysely, sql } from 'kysely';
import { seedIngredients } from '../../modules/ingredients';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table ingredients (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  check (char_length(name) <= 160),
  drug_class smallint,
  check (drug_class in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)),
  notes text,
  check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  archived_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, name)
)`).execute(db);
  await sql.raw(`create index ingredients_drug_class_idx on ingredients (tenant_id, drug_class)`).execute(db);
  await sql.raw(`create trigger ingredients_version before update on ingredients for each row execute function bump_version()`).execute(db);
  await sql.raw(`create trigger ingredients_record_changed after insert or update or delete on ingredients for each row execute function announce_record_change()`).execute(db);
  await sql.raw(`alter table ingredients enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on ingredients
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on ingredients to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql`alter table drugs add column ingredients jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table visitings add column allergy_override_reason text`.execute(db);
  const { rows } = await sql<{ id: number }>`select id from tenants`.execute(db);
  for (const tenant of rows) await seedIngredients(db, Number(tenant.id));
}

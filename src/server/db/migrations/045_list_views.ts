// Saved list views (resources/listViews.ts): one table for both applications, like notifications
// (tenant_id null for the platform staff's), each row its user's own.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table list_views (
    id bigint generated always as identity primary key,
    scope text not null check (scope in ('central', 'tenant')),
    tenant_id bigint references tenants(id) on delete cascade,
    user_id bigint not null,
    resource text not null check (char_length(resource) <= 60),
    name text not null check (char_length(name) between 1 and 80),
    search text not null default '' check (char_length(search) <= 2000),
    columns text check (char_length(columns) <= 2000),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`.execute(db);
  await sql`create index list_views_user_idx on list_views (scope, tenant_id, user_id, resource)`.execute(db);
  await sql`create trigger list_views_version before update on list_views for each row execute function bump_version()`.execute(db);
  await sql`create trigger list_views_record_changed after insert or update or delete on list_views for each row execute function announce_record_change('user_id')`.execute(db);
  // As migration 029 for the tables shared with the platform: a clinic's requests see their own rows.
  await sql`alter table list_views enable row level security`.execute(db);
  await sql`create policy tenant_isolation on list_views
    using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
    with check (tenant_id is null or tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`.execute(db);
  await sql`grant select, insert, update, delete on list_views to clinic_app`.execute(db);
  await sql`grant usage, select on all sequences in schema public to clinic_app`.execute(db);
}

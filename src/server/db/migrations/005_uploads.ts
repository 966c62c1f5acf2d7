// Uploaded files (images, documents). The bytes live under DATA_DIR/uploads; the table says whose
// they are, what they are (detected from their content) and whether anyone may see them.
import { type Kysely, sql } from 'kysely';
import { grantAppRole } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table uploads (
    id bigint generated always as identity primary key,
    scope text not null check (scope in ('central', 'tenant')),
    tenant_id bigint references tenants(id) on delete cascade,
    user_id bigint not null,
    mime text not null, size bigint not null check (size > 0),
    original_name text not null, storage_key text not null unique,
    is_public boolean not null default false,
    created_at timestamptz not null default now())`.execute(db);
  await sql`create index uploads_tenant_idx on uploads (tenant_id)`.execute(db);
  await grantAppRole(db);
}

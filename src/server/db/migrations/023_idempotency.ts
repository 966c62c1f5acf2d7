// Answers kept for Idempotency-Key (src/server/http/idempotency.ts): per caller and key, the
// request's hash and, once it succeeded, its answer. The server reads and writes it outside any
// clinic's transaction; the app role has no business with it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_keys (
    -- The caller: their clinic (0 for the platform), scope and user.
    tenant_key bigint not null, scope text not null, user_id bigint not null,
    key text not null,
    request_hash text not null,
    -- Null while the first request runs.
    status integer, content_type text, body text,
    created_at timestamptz not null default now(), completed_at timestamptz,
    primary key (tenant_key, scope, user_id, key))`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
  await sql`revoke all on idempotency_keys from clinic_app`.execute(db);
}

// Two-step verification (TOTP with recovery codes) for central and clinic staff
// (src/server/auth/mfa.ts). A person's factor: the TOTP secret, stored sealed (a clinic user's under
// the clinic's data key, a platform user's under a key derived from the master key), the last time
// step accepted (a code is never accepted twice), and the hashes of the unused recovery codes. A
// factor whose enabled_at is null is an enrolment waiting for its first code. The login's second
// step is a challenge: a random token stored hashed, bound to one account on one host, short-lived,
// at most five tries, single use. The Owner and each clinic's Main Doctor may require the factor
// of their staff (mfa_policies: one row for the platform, tenant_id null, and one per clinic).
//
// Not versioned (versionTable): none of these is a record the API edits with an ETag; the server
// alone writes them. Deleting an account or a clinic deletes its factor with it.
import { type Kysely, sql } from 'kysely';
import { grantAppRole, isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table user_mfa (
    user_id bigint primary key references users(id) on delete cascade,
    -- '<master key id>:<base64 of iv, tag and the secret>'
    secret_sealed text not null,
    enabled_at timestamptz,
    last_step bigint,
    recovery_hashes text[] not null default '{}',
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`.execute(db);

  await sql`create table tenant_user_mfa (
    tenant_id bigint not null references tenants(id) on delete cascade,
    user_id bigint not null,
    -- base64 of iv, tag and the secret, under the clinic's data key
    secret_sealed text not null,
    enabled_at timestamptz,
    last_step bigint,
    recovery_hashes text[] not null default '{}',
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    primary key (tenant_id, user_id),
    foreign key (tenant_id, user_id) references tenant_users(tenant_id, id) on delete cascade)`.execute(db);
  await isolateTenantTable(db, 'tenant_user_mfa');

  await sql`create table mfa_challenges (
    id bigint generated always as identity primary key,
    token_hash text not null unique,
    scope text not null check (scope in ('central', 'tenant')),
    tenant_id bigint references tenants(id) on delete cascade,
    user_id bigint not null,
    -- 'verify': the account has the factor; 'enrol': the policy asks for one it does not have yet.
    purpose text not null check (purpose in ('verify', 'enrol')),
    attempts integer not null default 0,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now())`.execute(db);
  await sql`create index mfa_challenges_user_idx on mfa_challenges (scope, tenant_id, user_id)`.execute(db);

  await sql`create table mfa_policies (
    tenant_id bigint references tenants(id) on delete cascade,
    required boolean not null default false,
    updated_by bigint,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`.execute(db);
  // One row per clinic and one for the platform (tenant_id null).
  await sql`create unique index mfa_policies_scope_idx on mfa_policies (coalesce(tenant_id, 0))`.execute(db);

  await grantAppRole(db);
}

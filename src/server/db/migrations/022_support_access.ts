// Support access with the clinic's consent (issue 14). The Main Doctor grants one of the platform's
// staff access for a while (at most a day), read-only or read-write; the staff member opens the
// clinic in a support session: a session of scope 'support', valid only on that clinic's host and
// only while its grant is neither expired nor revoked (session_lookup checks both on every
// lookup, and a change to a grant drops every process's kept sessions).
import { type Kysely, sql } from 'kysely';
import { grantAppRole, isolateTenantTable, versionTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table support_grants (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    user_id bigint not null references users(id),
    granted_by bigint,
    reason text not null,
    read_only boolean not null default true,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, granted_by) references tenant_users(tenant_id, id))`.execute(db);
  await sql`create index support_grants_user_idx on support_grants (user_id, expires_at)`.execute(db);
  await isolateTenantTable(db, 'support_grants');
  await versionTable(db, 'support_grants');
  await grantAppRole(db);
  await sql`create trigger support_grants_access_changed after insert or update or delete on support_grants
    for each statement execute function announce_access_change()`.execute(db);

  await sql`alter table sessions add column grant_id bigint`.execute(db);
  await sql`alter table sessions drop constraint sessions_scope_check,
    add constraint sessions_scope_check check (scope in ('central', 'tenant', 'support'))`.execute(db);
  await sql`create index sessions_grant_idx on sessions (tenant_id, grant_id) where grant_id is not null`.execute(db);

  // As migration 011, plus the support session: the central user, acting in the clinic with every
  // permission of the catalogue (only the read ones under a read-only grant) but never as its Main
  // Doctor (role 2: no staff, settings, grants or audit), while the grant holds.
  await sql`create or replace function session_lookup(p_token_hash text, p_subdomain text)
    returns table (host_tenant json, scope text, tenant_id bigint, user_id bigint, expires_at timestamptz, last_seen_at timestamptz, "user" json)
    language plpgsql stable as $$
    #variable_conflict use_column
    begin
      return query
      select
        (select json_build_object('id', t.id, 'name', t.name, 'subdomain', t.subdomain, 'status', t.status)
           from tenants t where p_subdomain is not null and t.subdomain = p_subdomain),
        s.scope, s.tenant_id, s.user_id, s.expires_at, s.last_seen_at,
        case when p_subdomain is null then (
          select json_build_object('id', u.id, 'name', u.name, 'username', u.username, 'email', u.email, 'phone', u.phone, 'role', u.role, 'is_active', u.is_active)
          from users u where s.scope = 'central' and u.id = s.user_id)
        when s.scope = 'support' then (
          select json_build_object('id', u.id, 'name', u.name, 'username', u.username, 'email', u.email, 'phone', u.phone, 'role', 2,
            'is_active', u.is_active and g.revoked_at is null and g.expires_at > now(),
            'permissions', (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'table_name', p.table_name) order by p.table_name, p.id), '[]')
                            from permissions p where not g.read_only or p.name = 'read'),
            'tenant', (select json_build_object('id', t.id, 'name', t.name, 'subdomain', t.subdomain, 'status', t.status) from tenants t where t.id = s.tenant_id),
            'support', json_build_object('grant_id', g.id, 'read_only', g.read_only, 'until', g.expires_at, 'central_role', u.role))
          from users u join support_grants g on g.tenant_id = s.tenant_id and g.id = s.grant_id
          where u.id = s.user_id)
        else (
          select json_build_object('id', u.id, 'name', u.name, 'username', u.username, 'email', u.email, 'phone', u.phone, 'role', u.role, 'is_active', u.is_active,
            'permissions', (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'table_name', p.table_name) order by p.table_name, p.id), '[]')
                            from user_permissions up join permissions p on p.id = up.permission_id where up.tenant_id = u.tenant_id and up.user_id = u.id),
            'tenant', (select json_build_object('id', t.id, 'name', t.name, 'subdomain', t.subdomain, 'status', t.status) from tenants t where t.id = u.tenant_id))
          from tenant_users u where s.scope = 'tenant' and u.tenant_id = s.tenant_id and u.id = s.user_id)
        end
      from (values (1)) as one (x) left join sessions s on s.token_hash = p_token_hash;
    end $$`.execute(db);
}

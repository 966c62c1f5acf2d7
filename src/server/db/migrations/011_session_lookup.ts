// The lookup every request starts with (the host's clinic, the session, its user with permissions
// and clinic) as a PL/pgSQL function: PostgreSQL keeps its plan per connection, where the same
// query sent from the app was planned again on every call, which cost more than running it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function session_lookup(p_token_hash text, p_subdomain text)
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

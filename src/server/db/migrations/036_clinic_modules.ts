// Optional modules per clinic (src/shared/modules.ts): one boolean column per module on the
// clinic's row, switched on by the platform's operator. The session lookup answers the clinic's
// modules with its row (host_tenant, and the user's tenant), so deciding a module route's 404
// costs no query. `clinic_modules` reads every `module_*` column, so a later module only adds its
// column. A change to a clinic already drops the kept sessions (migrations 017 and 031).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants add column module_legal boolean not null default false`.execute(db);
  await sql`create index tenants_module_legal_idx on tenants (module_legal)`.execute(db);
  await sql`create function clinic_modules(t tenants) returns json language sql stable as $$
    select coalesce(json_agg(substr(c.key, 8) order by c.key), '[]'::json)
    from json_each_text(row_to_json(t)) c where c.key like 'module\\_%' and c.value = 'true' $$`.execute(db);

  // As migration 022, the clinic's json carrying its modules.
  await sql`create or replace function session_lookup(p_token_hash text, p_subdomain text)
    returns table (host_tenant json, scope text, tenant_id bigint, user_id bigint, expires_at timestamptz, last_seen_at timestamptz, "user" json)
    language plpgsql stable as $$
    #variable_conflict use_column
    begin
      return query
      select
        (select json_build_object('id', t.id, 'name', t.name, 'subdomain', t.subdomain, 'status', t.status, 'modules', clinic_modules(t))
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
            'tenant', (select json_build_object('id', t.id, 'name', t.name, 'subdomain', t.subdomain, 'status', t.status, 'modules', clinic_modules(t)) from tenants t where t.id = s.tenant_id),
            'support', json_build_object('grant_id', g.id, 'read_only', g.read_only, 'until', g.expires_at, 'central_role', u.role))
          from users u join support_grants g on g.tenant_id = s.tenant_id and g.id = s.grant_id
          where u.id = s.user_id)
        else (
          select json_build_object('id', u.id, 'name', u.name, 'username', u.username, 'email', u.email, 'phone', u.phone, 'role', u.role, 'is_active', u.is_active,
            'permissions', (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'table_name', p.table_name) order by p.table_name, p.id), '[]')
                            from user_permissions up join permissions p on p.id = up.permission_id where up.tenant_id = u.tenant_id and up.user_id = u.id),
            'tenant', (select json_build_object('id', t.id, 'name', t.name, 'subdomain', t.subdomain, 'status', t.status, 'modules', clinic_modules(t)) from tenants t where t.id = u.tenant_id))
          from tenant_users u where s.scope = 'tenant' and u.tenant_id = s.tenant_id and u.id = s.user_id)
        end
      from (values (1)) as one (x) left join sessions s on s.token_hash = p_token_hash;
    end $$`.execute(db);
}

// A request's session in one round trip (migrations 011, 022, 031, 036): its user, clinic and modules, and
// the access epoch that tells a cached session it is stale.
// Applied as `create or replace` after the migrations (functions/index.ts): a change is made here, not in a migration.
import type { DbFunction } from './types';

export const FUNCTIONS: readonly DbFunction[] = [
  {
    name: 'access_epoch',
    sql: `create or replace function access_epoch()
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
    select epoch from access_epoch $function$`,
  },
  {
    name: 'access_epoch_is',
    sql: `create or replace function access_epoch_is(p_epoch bigint)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
    begin
      if p_epoch is distinct from (select epoch from access_epoch) then
        raise exception 'access changed since the session was read' using errcode = 'AE001';
      end if;
    end $function$`,
  },
  {
    name: 'raise_access_epoch',
    sql: `create or replace function raise_access_epoch()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
    begin
      if current_setting('app.access_epoch_raised', true) is distinct from 'yes' then
        update access_epoch set epoch = epoch + 1;
        perform set_config('app.access_epoch_raised', 'yes', true);
      end if;
      return null;
    end $function$`,
  },
  {
    name: 'clinic_modules',
    sql: `create or replace function clinic_modules(t tenants)
 RETURNS json
 LANGUAGE sql
 STABLE
AS $function$
    select coalesce(json_agg(substr(c.key, 8) order by c.key), '[]'::json)
    from json_each_text(row_to_json(t)) c where c.key like 'module\\_%' and c.value = 'true' $function$`,
  },
  {
    name: 'session_lookup',
    sql: `create or replace function session_lookup(p_token_hash text, p_subdomain text)
 RETURNS TABLE(host_tenant json, scope text, tenant_id bigint, user_id bigint, expires_at timestamp with time zone, last_seen_at timestamp with time zone, "user" json)
 LANGUAGE plpgsql
 STABLE
AS $function$
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
    end $function$`,
  },
];

// Bearer sessions: 256-bit random tokens, stored only as SHA-256 hashes, bound to the host's
// application (central, or one clinic), with an idle and an absolute expiry.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountScope, AuthUser } from './accounts';
import { newToken, sha256 } from './passwords';

export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
}

export interface Session {
  tokenHash: string;
  scope: AccountScope;
  tenantId: number | null;
  user: AuthUser;
}

// Writing last_seen_at on every request would turn reads into writes; once a minute is enough.
const TOUCH_AFTER_MS = 60_000;

export async function createSession(db: Kysely<Database>, scope: AccountScope, tenantId: number | null, userId: number, now: Date, policy: SessionPolicy): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      scope,
      tenant_id: tenantId,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + policy.maxDays * 86_400_000),
    })
    .execute();
  return token;
}

interface SessionRow {
  scope: AccountScope;
  tenant_id: number | null;
  user_id: number;
  expires_at: Date;
  last_seen_at: Date;
  user: AuthUser | null;
}

/**
 * The session and everything the request needs about its user (role, permissions, clinic) in
 * one query: this runs on every authenticated call.
 */
async function loadSession(db: Kysely<Database>, tokenHash: string): Promise<SessionRow | undefined> {
  const { rows } = await sql<SessionRow>`
    select s.scope, s.tenant_id, s.user_id, s.expires_at, s.last_seen_at,
      case when s.scope = 'central' then (
        select json_build_object('id', u.id, 'name', u.name, 'username', u.username, 'email', u.email, 'phone', u.phone, 'role', u.role, 'is_active', u.is_active)
        from users u where u.id = s.user_id)
      else (
        select json_build_object('id', u.id, 'name', u.name, 'username', u.username, 'email', u.email, 'phone', u.phone, 'role', u.role, 'is_active', u.is_active,
          'permissions', (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'table_name', p.table_name) order by p.table_name, p.id), '[]')
                          from user_permissions up join permissions p on p.id = up.permission_id where up.tenant_id = u.tenant_id and up.user_id = u.id),
          'tenant', (select json_build_object('id', t.id, 'name', t.name, 'subdomain', t.subdomain, 'status', t.status) from tenants t where t.id = u.tenant_id))
        from tenant_users u where u.tenant_id = s.tenant_id and u.id = s.user_id)
      end as user
    from sessions s where s.token_hash = ${tokenHash}`.execute(db);
  return rows[0];
}

export async function findSession(db: Kysely<Database>, token: string, now: Date, policy: SessionPolicy): Promise<Session | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const row = await loadSession(db, tokenHash);
  if (!row) return null;
  const idleLimit = now.getTime() - policy.idleMinutes * 60_000;
  const expired = row.expires_at.getTime() <= now.getTime() || row.last_seen_at.getTime() <= idleLimit;
  if (expired || !row.user || !row.user.is_active) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  }
  return { tokenHash, scope: row.scope, tenantId: row.tenant_id, user: row.user };
}

export async function endSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Signs a person out everywhere (password reset, deactivation), optionally keeping one session. */
export async function endUserSessions(db: Kysely<Database>, scope: AccountScope, tenantId: number | null, userId: number, keepTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('scope', '=', scope).where('user_id', '=', userId);
  q = tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', tenantId);
  if (keepTokenHash) q = q.where('token_hash', '<>', keepTokenHash);
  await q.execute();
}

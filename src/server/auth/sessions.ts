// Bearer sessions: 256-bit random tokens, stored only as SHA-256 hashes, bound to the host's
// application (central, or one clinic), with an idle and an absolute expiry.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type AccountScope, type AuthUser, loadAuthUser } from './accounts';
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

export async function findSession(db: Kysely<Database>, token: string, now: Date, policy: SessionPolicy): Promise<Session | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const row = await db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return null;
  const idleLimit = now.getTime() - policy.idleMinutes * 60_000;
  if (row.expires_at.getTime() <= now.getTime() || row.last_seen_at.getTime() <= idleLimit) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  const user = await loadAuthUser(db, row.scope, row.tenant_id, row.user_id);
  if (!user || !user.is_active) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  }
  return { tokenHash, scope: row.scope, tenantId: row.tenant_id, user };
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

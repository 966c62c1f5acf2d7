// Bearer sessions: 256-bit random tokens, stored only as SHA-256 hashes, bound to the host's
// application (central, or one clinic), with an idle and an absolute expiry.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountScope, AuthUser } from './accounts';
import { newToken, sha256 } from './passwords';
import type { SessionCache } from './session-cache';

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

/**
 * A session's use noted (last_seen_at), written in batches. A touch is a write with a WAL flush at
 * its commit: a request does not wait for it, the requests a screen sends at once share one (each
 * used to write it again, one after another on the row's lock), and the touches that come while
 * one is written go together in the next statement (a thousand screens opening their streams were
 * a thousand updates queued for the pool, ahead of the requests). A lookup of the same session
 * from the database waits for its touch, so this process never reads a session older than it left it.
 */
class Touches {
  private pending = new Map<string, Date>();
  private written: ReadonlyMap<string, Date> = new Map();
  private writing: Promise<void> | null = null;

  note(db: Kysely<Database>, tokenHash: string, at: Date): void {
    if (this.pending.has(tokenHash) || this.written.has(tokenHash)) return;
    this.pending.set(tokenHash, at);
    this.writing ??= this.drain(db).finally(() => {
      this.writing = null;
    });
  }

  private async drain(db: Kysely<Database>): Promise<void> {
    while (this.pending.size) {
      this.written = this.pending;
      this.pending = new Map();
      const hashes = [...this.written.keys()].sort();
      const ats = hashes.map((h) => this.written.get(h)!.toISOString());
      try {
        // Rows locked in one order (token hash), so two processes' batches cannot deadlock.
        await sql`with locked as (select token_hash from sessions where token_hash = any(${hashes}::text[]) order by token_hash for update)
          update sessions s set last_seen_at = v.at from unnest(${hashes}::text[], ${ats}::timestamptz[]) as v(hash, at)
          where s.token_hash = v.hash and s.token_hash in (select token_hash from locked)`.execute(db);
      } catch (err) {
        // Not written: the next request a minute on notes it again; the sessions stand meanwhile.
        console.warn(`sessions: last use of ${hashes.length} not noted (${err instanceof Error ? err.message : String(err)})`);
      }
      this.written = new Map();
    }
  }

  /** Waits for this session's touch, if one is not written yet. */
  async of(tokenHash: string): Promise<void> {
    if (this.pending.has(tokenHash) || this.written.has(tokenHash)) await this.writing;
  }

  /** Waits for every touch noted so far. */
  async all(): Promise<void> {
    await this.writing;
  }
}

const touches = new Touches();

/** Waits for this process's noted uses to be written (the devices list, a clean stop). */
export function touchesWritten(): Promise<void> {
  return touches.all();
}

export async function createSession(
  db: Kysely<Database>,
  scope: AccountScope,
  tenantId: number | null,
  userId: number,
  now: Date,
  policy: SessionPolicy,
  device: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<string> {
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
      // Shown to the user among their devices.
      ip: device.ip,
      user_agent: device.userAgent,
    })
    .execute();
  return token;
}

/** A clinic as the request context needs it (the Host's clinic, or a user's). */
export interface TenantRow {
  id: number;
  name: string;
  subdomain: string;
  status: number;
  /** The optional modules switched on for the clinic (migration 036). */
  modules: string[];
}

export interface SessionRow {
  host_tenant: TenantRow | null;
  /** 'support': one of the platform's staff in a clinic, under the clinic's grant (migration 022). */
  scope: AccountScope | 'support' | null;
  tenant_id: number | null;
  user_id: number;
  expires_at: Date;
  last_seen_at: Date;
  user: AuthUser | null;
  /** The access epoch the lookup saw (migration 031): a kept copy is good only while it holds. */
  epoch: number;
}

/**
 * The host's clinic, the session, and everything the request needs about its user (role,
 * permissions, clinic) in one round trip: this runs on every call (migration 011). Only the
 * account kind the host serves is read; a token from another host is refused anyway.
 */
async function loadSession(
  db: Kysely<Database>,
  tokenHash: string | null,
  subdomain: string | null,
  now: Date,
  cache?: SessionCache<SessionRow>,
): Promise<{ row: SessionRow | undefined; kept: boolean }> {
  const key = { token: tokenHash ?? '', subdomain };
  const kept = cache?.get(key, now.getTime());
  if (kept) return { row: kept, kept: true };
  if (tokenHash) await touches.of(tokenHash);
  const since = cache?.begin(key) ?? { all: 0, clinic: 0 };
  // The epoch in the same statement, so from the same snapshot as the session it vouches for.
  const { rows } = await sql<SessionRow>`select *, access_epoch() as epoch from session_lookup(${tokenHash ?? ''}, ${subdomain})`.execute(db);
  const row = rows[0];
  // Only what exists is kept (a session, or a clinic asked for without a token): made-up tokens and
  // hosts cannot fill the cache.
  if (row && (row.scope || (!tokenHash && row.host_tenant))) cache?.set(key, row, since, now.getTime());
  return { row, kept: false };
}

export interface FoundSession {
  tenant: TenantRow | null | undefined;
  session: Session | null;
  /** Answered from the process's copy, read at this access epoch; null when read just now. */
  keptAt: number | null;
}

/**
 * The request's clinic (for a clinic host: undefined when no clinic owns the subdomain) and its
 * session when the token is valid. An expired session or one of an inactive user is deleted.
 */
export async function findSession(
  db: Kysely<Database>,
  token: string | null,
  subdomain: string | null,
  now: Date,
  policy: SessionPolicy,
  cache?: SessionCache<SessionRow>,
  /** The pool, to note the session's use without the request waiting (never a request's own connection). */
  pool?: Kysely<Database>,
): Promise<FoundSession> {
  const usable = token !== null && token.length > 0 && token.length <= 200;
  const tokenHash = usable ? sha256(token) : null;
  if (tokenHash === null && subdomain === null) return { tenant: null, session: null, keptAt: null };
  const { row, kept } = await loadSession(db, tokenHash, subdomain, now, cache);
  const tenant = subdomain === null ? null : (row?.host_tenant ?? undefined);
  // What was decided from a kept copy holds only if no access changed since (migration 031).
  const keptAt = kept && row ? row.epoch : null;
  if (!row?.scope || !tokenHash) return { tenant, session: null, keptAt };
  const idleLimit = now.getTime() - policy.idleMinutes * 60_000;
  const expired = row.expires_at.getTime() <= now.getTime() || row.last_seen_at.getTime() <= idleLimit;
  if (expired || !row.user || !row.user.is_active) {
    // A session of the other host's kind has no user here; it is not this host's to end.
    if (expired || row.user) await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return { tenant, session: null, keptAt };
  }
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    if (pool) touches.note(pool, tokenHash, now);
    else await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
    row.last_seen_at = now; // a kept lookup sees the touch too
  }
  // A support session is served as a clinic session; `user.support` says whose and under what grant.
  return { tenant, session: { tokenHash, scope: row.scope === 'support' ? 'tenant' : row.scope, tenantId: row.tenant_id, user: row.user }, keptAt };
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

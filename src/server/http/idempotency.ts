// Idempotent writes (issue 13; PUT, PATCH and DELETE since issue 37): a logged-in client sends
// `Idempotency-Key: <uuid>` once per submission, and the same key when it sends the same
// submission again (a double-click, a retry after a lost answer, a device's outbox sending again).
// The first request claims the key; its answer, when successful, is kept with the key for 24
// hours (14 days for a change entered offline, X-Offline-Entered-At: a clinic PC may stay off
// over a weekend after a power cut) and answered again to every repeat, which does nothing else.
// A repeat that arrives while the first is still running waits for it. Only successful answers
// are kept: after a refusal (a 412 on a stale If-Match too) the key is free again, so the
// corrected submission may reuse it.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from './errors';
import { type KeyRing, open, seal } from '../crypto/keyring';
import { enteredOffline } from '../offline/entry';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is kept when it is sent. */
    idempotency: Claim | null;
  }
}

interface Claim {
  tenantKey: number;
  scope: string;
  userId: number;
  key: string;
}

interface StoredAnswer {
  offline: boolean;
  request_hash: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Date;
}

const KEY = /^[\x21-\x7e]{1,255}$/;
const KEPT_HOURS = 24;
/** An offline operation's key: a device may come back after a long weekend. */
export const OFFLINE_KEPT_DAYS = 14;
const keptMs = (offline: boolean) => (offline ? OFFLINE_KEPT_DAYS * 24 : KEPT_HOURS) * 3600_000;

/** The methods a key makes safe to send again. */
/** The methods a retried request with the same Idempotency-Key is answered once for (documented in openapi.ts). */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request may be answered from a kept answer (a write carrying a key). */
export function replayable(request: FastifyRequest): boolean {
  return IDEMPOTENT_METHODS.has(request.method) && request.headers['idempotency-key'] !== undefined;
}
/** A claim whose answer never came (its process died) is free again after this long. */
const ABANDONED_MS = 60_000;
const WAIT_MS = 15_000;
const POLL_MS = 50;

/** What makes two requests "the same submission": method, path and query, the version it was made on, and the body. */
function requestHash(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n${request.headers['if-match'] ?? ''}\n`);
  // A multipart body is streamed to its handler, not read here: its type (with the boundary) and size stand for it.
  if (request.isMultipart()) hash.update(`${request.headers['content-type'] ?? ''} ${request.headers['content-length'] ?? ''}`);
  else hash.update(JSON.stringify(request.body ?? null));
  return hash.digest('hex');
}

// A clinic's kept answer holds its record (a patient's notes): sealed under the clinic's key.
const SEALED = 'enc1:';

async function sealBody(db: Kysely<Database>, keyring: KeyRing, tenantKey: number, body: string): Promise<string> {
  if (!tenantKey) return body;
  return SEALED + seal(await keyring.keyOf(db, tenantKey), `idempotency:${tenantKey}`, Buffer.from(body, 'utf8')).toString('base64');
}

async function openBody(db: Kysely<Database>, keyring: KeyRing, tenantKey: number, body: string | null): Promise<string | null> {
  if (!body?.startsWith(SEALED)) return body;
  return open(await keyring.keyOf(db, tenantKey), `idempotency:${tenantKey}`, Buffer.from(body.slice(SEALED.length), 'base64')).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function installIdempotency(app: FastifyInstance, db: Kysely<Database>, keyring: KeyRing): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (!replayable(request) || header === undefined || !request.session) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!KEY.test(key)) throw new ApiError(422, 'errors.idempotencyKeyInvalid');
    const claim: Claim = { tenantKey: request.session.tenantId ?? 0, scope: request.session.scope, userId: request.session.user.id, key };
    const hash = requestHash(request);
    const offline = enteredOffline(request);
    const where = sql`tenant_key = ${claim.tenantKey} and scope = ${claim.scope} and user_id = ${claim.userId} and key = ${key}`;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claimed = await sql`insert into idempotency_keys (tenant_key, scope, user_id, key, request_hash, offline)
        values (${claim.tenantKey}, ${claim.scope}, ${claim.userId}, ${key}, ${hash}, ${offline}) on conflict do nothing returning key`.execute(db);
      if (claimed.rows.length) {
        request.idempotency = claim;
        return;
      }
      const { rows } = await sql<StoredAnswer>`select request_hash, status, content_type, body, created_at, offline from idempotency_keys where ${where}`.execute(db);
      const stored = rows[0];
      if (!stored) continue; // released meanwhile: claim it
      const age = Date.now() - stored.created_at.getTime();
      // Too old to be the same submission, or abandoned by a process that died: free it.
      if (age > keptMs(stored.offline) || (stored.status === null && age > ABANDONED_MS)) {
        await sql`delete from idempotency_keys where ${where} and created_at = ${stored.created_at}`.execute(db);
        continue;
      }
      if (stored.request_hash !== hash) throw new ApiError(422, 'errors.idempotencyKeyReused');
      if (stored.status !== null) return replay(reply, { ...stored, body: await openBody(db, keyring, claim.tenantKey, stored.body) });
      if (Date.now() > deadline) throw new ApiError(409, 'errors.idempotencyInProgress');
      await sleep(POLL_MS);
    }
  });
}

function replay(reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  reply.code(stored.status!).header('Idempotent-Replayed', 'true');
  if (stored.content_type) reply.type(stored.content_type);
  return reply.send(stored.body ?? undefined);
}

/**
 * Keeps a claimed request's answer, or frees its key after a refusal. Registered on the root
 * before compression, so it sees the answer as the handler made it.
 */
export function installIdempotencyAnswers(app: FastifyInstance, db: Kysely<Database>, keyring: KeyRing): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = sql`tenant_key = ${claim.tenantKey} and scope = ${claim.scope} and user_id = ${claim.userId} and key = ${claim.key}`;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload === undefined || payload === null ? '' : null;
    if (ok && body !== null) {
      const type = reply.getHeader('content-type');
      await sql`update idempotency_keys set status = ${reply.statusCode}, content_type = ${typeof type === 'string' ? type : null}, body = ${await sealBody(db, keyring, claim.tenantKey, body)}, completed_at = now() where ${where}`.execute(db);
    } else {
      await sql`delete from idempotency_keys where ${where}`.execute(db);
    }
    return payload;
  });
}

/** The job's part: forgets answers older than a day, an offline operation's older than 14 days. */
export async function purgeIdempotencyKeys(db: Kysely<Database>): Promise<void> {
  await sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${KEPT_HOURS})
    and (not offline or created_at < now() - make_interval(days => ${OFFLINE_KEPT_DAYS}))`.execute(db);
}

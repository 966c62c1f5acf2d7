// Idempotent POSTs (issue 13): a logged-in client sends `Idempotency-Key: <uuid>` once per form
// submission, and the same key when it sends the same submission again (a double-click, a retry
// after a lost answer). The first request claims the key; its answer, when successful, is kept
// with the key for 24 hours and answered again to every repeat, which does nothing else. A repeat
// that arrives while the first is still running waits for it. Only successful answers are kept:
// after a refusal the key is free again, so the corrected submission may reuse it.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from './errors';
import { type KeyRing, open, seal } from '../crypto/keyring';

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
  request_hash: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Date;
}

const KEY = /^[\x21-\x7e]{1,255}$/;
const KEPT_HOURS = 24;
/** A claim whose answer never came (its process died) is free again after this long. */
const ABANDONED_MS = 60_000;
const WAIT_MS = 15_000;
const POLL_MS = 50;

/** What makes two requests "the same submission": method, path and query, and the body. */
function requestHash(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
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
    if (request.method !== 'POST' || header === undefined || !request.session) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!KEY.test(key)) throw new ApiError(422, 'errors.idempotencyKeyInvalid');
    const claim: Claim = { tenantKey: request.session.tenantId ?? 0, scope: request.session.scope, userId: request.session.user.id, key };
    const hash = requestHash(request);
    const where = sql`tenant_key = ${claim.tenantKey} and scope = ${claim.scope} and user_id = ${claim.userId} and key = ${key}`;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claimed = await sql`insert into idempotency_keys (tenant_key, scope, user_id, key, request_hash)
        values (${claim.tenantKey}, ${claim.scope}, ${claim.userId}, ${key}, ${hash}) on conflict do nothing returning key`.execute(db);
      if (claimed.rows.length) {
        request.idempotency = claim;
        return;
      }
      const { rows } = await sql<StoredAnswer>`select request_hash, status, content_type, body, created_at from idempotency_keys where ${where}`.execute(db);
      const stored = rows[0];
      if (!stored) continue; // released meanwhile: claim it
      const age = Date.now() - stored.created_at.getTime();
      // Too old to be the same submission, or abandoned by a process that died: free it.
      if (age > KEPT_HOURS * 3600_000 || (stored.status === null && age > ABANDONED_MS)) {
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

/** The job's part: forgets answers older than a day. */
export async function purgeIdempotencyKeys(db: Kysely<Database>): Promise<void> {
  await sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${KEPT_HOURS})`.execute(db);
}

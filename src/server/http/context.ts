// Per-request context: language, the host's application and clinic, the session, and the data
// access object bound to all of them. Route options say what a route needs:
//   config.scope  'central' | 'tenant' | 'any'  which hosts serve it (others answer 404)
//   config.auth   false for public routes (login, recovery, tenant-check)
//   config.unregisteredOk  answers even on a subdomain no clinic owns (tenant-check)
import type { EngineParts } from '../bench-comparison';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Caller } from '../../shared/access';
import { ACCOUNT_STATUS } from '../../shared/enums';
import { type ModuleName, moduleOn } from '../../shared/modules';
import { type HostKind, resolveHost } from '../../shared/host';
import type { SessionCache } from '../auth/session-cache';
import { type FoundSession, type Session, type SessionPolicy, type SessionRow, type TenantRow, findSession } from '../auth/sessions';
import type { Database } from '../db/schema';
import { actorOf, originOf } from '../audit/origin';
import { DataAccess } from '../engine/data-access';
import type { AuthCaller, HookRegistry } from '../engine/hooks';
import { type Lang, pickLanguage } from '../i18n';
import { replayable } from './idempotency';
import { forbidden, notFound, tenantNotRegistered, tenantSuspended, unauthenticated } from './errors';
import { recordEvent } from '../audit/events';
import type { ReadLog } from '../audit/read-log';
import type { FieldCipher } from '../crypto/fields';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    hostKind: HostKind;
    tenant: TenantRow | null;
    session: Session | null;
    data: DataAccess;
  }
  interface FastifyContextConfig {
    scope?: 'central' | 'tenant' | 'any';
    auth?: boolean;
    unregisteredOk?: boolean;
    /** The optional module the route belongs to: a clinic without it answers 404 (after 401). */
    module?: ModuleName;
    /** With `auth: false`: no session needed, but a token sent must be good on this host (public reads). */
    tokenChecked?: boolean;
    /**
     * The handler touches the database only through `request.data`'s transactions (the engine's
     * routes): a kept session is confirmed at the first one's BEGIN instead of up front.
     */
    confirmsInTransaction?: boolean;
  }
}

export function callerOf(session: Session | null): AuthCaller | null {
  if (!session) return null;
  const { user } = session;
  const caller: Caller =
    session.scope === 'central'
      ? { scope: 'central', role: user.role }
      : { scope: 'tenant', role: user.role, permissions: user.permissions ?? [], modules: user.tenant?.modules ?? [] };
  return { ...caller, userId: user.id, ...(user.support ? { support: { grantId: user.support.grant_id, readOnly: user.support.read_only } } : {}) };
}

/** Routes a support session never uses, whatever its grant: the clinic's accounts and consent. */
const SUPPORT_NEVER = [/\/auth\/tenant\/profile/, /\/permissions\/update/, /\/supportGrants/, /\/support\//];
const SUPPORT_NO_WRITES = [/\/tenantUsers/];

/** Whether a support session may make this request: reads only under a read-only grant. */
function supportMay(request: FastifyRequest, readOnly: boolean): boolean {
  const route = request.routeOptions.url ?? '';
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (route.endsWith('/logout')) return true;
  if (SUPPORT_NEVER.some((re) => re.test(route))) return false;
  if (reading) return true;
  return !readOnly && !SUPPORT_NO_WRITES.some((re) => re.test(route));
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

export function installRequestContext(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    multiStatement: boolean;
    hooks: HookRegistry;
    clock: () => Date;
    sessions: SessionPolicy;
    sessionCache: SessionCache<SessionRow>;
    /** Null: the benchmark's comparison run (no audit events). */
    readLog: ReadLog | null;
    /** Null: the benchmark's comparison run (BENCH_WITHOUT_ENCRYPTION). */
    cipher: FieldCipher | null;
    /**
     * Confirm kept sessions against the access epoch (migration 031): PostgreSQL. The embedded
     * database has one process, whose own commits deliver the notice before they return.
     */
    exactAccess: boolean;
    /** Parts of the engine the benchmark's comparison run swaps (bench-comparison.ts); none in production. */
    engine?: EngineParts;
  },
): void {
  app.decorateRequest('lang', 'ckb');
  app.decorateRequest('hostKind', {
    getter(this: FastifyRequest) {
      return resolveHost(this.host);
    },
  });
  app.decorateRequest('tenant', null);
  app.decorateRequest('session', null);
  app.decorateRequest('data', null as unknown as DataAccess);

  // A change made through this process is seen by the very next request; other processes' changes
  // (and the job's) arrive as notifications a moment later. So any request that may write empties
  // the kept sessions it may have changed before it answers: its clinic's, or on the central host all.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    const host = request.hostKind;
    if (host.kind === 'tenant') deps.sessionCache.changedOnClinic(host.subdomain);
    else deps.sessionCache.changed();
    return payload;
  });

  /**
   * The request's clinic and session as `found` says, or the refusal (401, 417, 418, 403 for a
   * support session's forbidden route). Run again, on `db`, when a kept session proves stale.
   */
  async function decide(request: FastifyRequest, found: FoundSession, token: string | null, db: Kysely<Database>): Promise<void> {
    const config = request.routeOptions.config ?? {};
    const onTenantHost = request.hostKind.kind === 'tenant';
    request.session = null;
    if (onTenantHost) {
      request.tenant = found.tenant ?? null;
      if (!found.tenant && !config.unregisteredOk) throw tenantNotRegistered();
    }
    if (token) {
      const session = found.session;
      // A token is good only on the host it was issued for: the central host or its own clinic.
      const sameHost = session && (session.scope === 'central' ? !onTenantHost : onTenantHost && session.tenantId === request.tenant?.id);
      if (sameHost) request.session = session;
      else if (config.auth !== false || config.tokenChecked) throw unauthenticated();
    }
    if (config.auth !== false) {
      if (!request.session) throw unauthenticated();
      if (request.tenant && request.tenant.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
    }
    // A module the clinic does not have: its routes do not exist here, for whoever may ask (a
    // token of another clinic was refused above, 401, as on every route).
    if (onTenantHost && config.module && !moduleOn(config.module, request.tenant?.modules)) throw notFound();
    if (request.session?.user.support && !supportMay(request, request.session.user.support.read_only)) {
      await recordEvent(db, request.tenant?.id ?? null, actorOf(request.session), originOf(request), { action: 'denied', resource: request.routeOptions.url ?? null });
      throw forbidden();
    }
  }

  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    if (request.is404) return;
    const scope = request.routeOptions.config?.scope ?? 'any';
    const onTenantHost = request.hostKind.kind === 'tenant';

    if ((scope === 'central' && onTenantHost) || (scope === 'tenant' && !onTenantHost)) throw notFound();

    const host = request.hostKind;
    const token = bearer(request);
    const subdomain = host.kind === 'tenant' ? host.subdomain : null;
    const found = await findSession(deps.db, token, subdomain, deps.clock(), deps.sessions, deps.sessionCache, deps.db);
    // Decided from a kept copy: good only if no access changed since it was read (migration 031).
    const access =
      deps.exactAccess && found.keptAt !== null
        ? {
            epoch: found.keptAt,
            recheck: async (db: Kysely<Database>) => {
              // An access change has committed that this process has not heard of yet.
              deps.sessionCache.changed();
              await decide(request, await findSession(db, token, subdomain, deps.clock(), deps.sessions, deps.sessionCache), token, db);
              return callerOf(request.session);
            },
          }
        : null;
    await decide(request, found, token, deps.db);
    request.data = new DataAccess(deps.db, callerOf(request.session), request.tenant?.id ?? null, deps.hooks, deps.clock, {
      multiStatement: deps.multiStatement,
      actor: actorOf(request.session),
      origin: originOf(request),
      readLog: deps.readLog,
      cipher: deps.cipher,
      access,
      lang: request.lang,
      ...deps.engine,
    });
  });

  // Routes that may touch the database outside `request.data`'s transactions (or send a kept
  // answer: Idempotency-Key) confirm a kept session before their handler: one round trip.
  app.addHook('preHandler', async (request) => {
    if (!request.data?.unconfirmed) return;
    if (request.routeOptions.config?.confirmsInTransaction && !replayable(request)) return;
    await request.data.confirmAccess();
  });

  // An engine route that answered without a transaction (refused or invalid before it) has
  // confirmed nothing: confirm before answering, so a stale session gets the fresh refusal.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.data?.unconfirmed) await request.data.confirmAccess();
    return payload;
  });
}

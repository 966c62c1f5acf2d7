// GET /live: a server-sent event stream of the records that change, for the signed-in caller
// (hub.ts decides what each stream hears). The client's liveProvider reads it with fetch, so the
// token travels in the Authorization header as everywhere, never in the address. A stream ends with
// its session or its access: at once when an access change is announced (streams.ts), and at the
// latest at the next beat when the session expired.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerResponse } from 'node:http';
import { type SessionPolicy, findSession } from '../auth/sessions';
import type { Database } from '../db/schema';
import { unauthenticated } from '../http/errors';
import { Beats } from './beats';
import type { LiveHub } from './hub';
import type { OpenStreams } from './streams';

const BEAT_MS = 20_000;

export interface LiveDeps {
  db: Kysely<Database>;
  hub: LiveHub;
  streams: OpenStreams;
  policy: SessionPolicy;
  clock: () => Date;
}

export function registerLiveRoutes(app: FastifyInstance, deps: LiveDeps): void {
  const { db, hub, streams } = deps;
  const beats = new Beats(db, BEAT_MS);
  // A stopping server ends its streams (clients reconnect to another process).
  app.addHook('preClose', async () => streams.endAll());

  app.get('/live', { config: { scope: 'any' }, schema: { tags: ['live'], summary: 'Server-sent events: which records changed (resource, type, ids), for what the caller may read', produces: ['text/event-stream'] } }, async (request, reply) => {
    const caller = request.data.caller;
    const session = request.session;
    if (!caller || !session) throw unauthenticated();
    const token = request.headers.authorization?.slice(7).trim() ?? '';
    const subdomain = request.hostKind.kind === 'tenant' ? request.hostKind.subdomain : null;
    const access = JSON.stringify(session.user);
    reply.hijack();
    const res: ServerResponse = reply.raw;
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 3000\n\n');
    const remove = hub.add({
      caller,
      tenantId: request.tenant?.id ?? null,
      send: (event) => res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`),
      resync: () => res.write('event: resync\ndata: {}\n\n'),
    });
    // Ended here, the client asks again and meets the 401 (or its new access) like any other call.
    const forget = streams.add({
      stillHolds: async () => {
        const found = await findSession(db, token, subdomain, deps.clock(), deps.policy);
        return !!found.session && JSON.stringify(found.session.user) === access;
      },
      end: () => res.end(),
    });
    // The beat keeps proxies from closing a quiet stream, and ends one whose session expired.
    const stopBeats = beats.add({ tokenHash: session.tokenHash, beat: () => res.write(': beat\n\n'), end: () => res.end() });
    res.on('close', () => {
      stopBeats();
      remove();
      forget();
    });
  });
}

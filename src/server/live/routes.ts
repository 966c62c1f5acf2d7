// GET /live: a server-sent event stream of the records that change, for the signed-in caller
// (hub.ts decides what each stream hears). The client's liveProvider reads it with fetch, so the
// token travels in the Authorization header as everywhere, never in the address. Every beat the
// session is looked up again: a stream ends with its session (logged out, ended by a manager,
// expired), and the client asks again, meeting the 401 like any other call.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/schema';
import { unauthenticated } from '../http/errors';
import type { LiveHub } from './hub';

const BEAT_MS = 20_000;

export function registerLiveRoutes(app: FastifyInstance, db: Kysely<Database>, hub: LiveHub): void {
  const open = new Set<ServerResponse>();
  // A stopping server ends its streams (clients reconnect to another process).
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get('/live', { config: { scope: 'any' }, schema: { tags: ['live'], summary: 'Server-sent events: which records changed (resource, type, ids), for what the caller may read' } }, async (request, reply) => {
    const caller = request.data.caller;
    const session = request.session;
    if (!caller || !session) throw unauthenticated();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 3000\n\n');
    open.add(res);
    const remove = hub.add({
      caller,
      tenantId: request.tenant?.id ?? null,
      send: (event) => res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`),
      resync: () => res.write('event: resync\ndata: {}\n\n'),
    });
    const beat = setInterval(() => {
      void sql`select 1 from sessions where token_hash = ${session.tokenHash} and expires_at > now()`
        .execute(db)
        .then(({ rows }) => (rows.length ? res.write(': beat\n\n') : res.end()))
        .catch(() => res.end());
    }, BEAT_MS);
    res.on('close', () => {
      clearInterval(beat);
      remove();
      open.delete(res);
    });
  });
}

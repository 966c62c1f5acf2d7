// Sessions as their owner sees them: every device signed in (browser, address, when opened, last
// used), and ending any one of them. The Main Doctor ends a staff member's sessions, the Owner a
// platform user's: one click signs a lost phone out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type ResourceDef, offersRecordAction, recordAction } from '../../shared/resource';
import { resourceByName } from '../../../resources/index';
import { recordEvent } from '../audit/events';
import { actorOf, originOf } from '../audit/origin';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { NO_BODY } from '../http/route-rules';
import { bool, int, listAnswer, NO_CONTENT, nullable, obj, str } from '../http/answers';
import type { AccountScope } from './accounts';
import { endUserSessions, touchesWritten } from './sessions';

/** The path's id (its form checked by the input guard: 404). */
function idParam(request: FastifyRequest): number {
  return Number((request.params as { id: string }).id);
}

const deviceAnswer = listAnswer(obj({ id: int, created_at: { type: 'string', format: 'date-time' }, last_seen_at: { type: 'string', format: 'date-time' }, ip: nullable(str), user_agent: nullable(str), current: bool }));

export interface DeviceSession {
  id: number;
  created_at: Date;
  last_seen_at: Date;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

export function registerSessionRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  for (const scope of ['central', 'tenant'] as AccountScope[]) {
    const prefix = scope === 'central' ? '/auth/profile/sessions' : '/auth/tenant/profile/sessions';
    const config = { scope } as const;
    const tags = ['profile'];
    const mine = (request: FastifyRequest) => {
      const session = request.session!;
      // A support session is the platform user's visit, not an account of this clinic.
      if (session.user.support) throw forbidden();
      const tenant = session.tenantId === null ? sql`tenant_id is null` : sql`tenant_id = ${session.tenantId}`;
      return sql`scope = ${scope} and ${tenant} and user_id = ${session.user.id}`;
    };

    app.get(prefix, { config, schema: { tags, summary: 'My signed-in devices', response: { 200: deviceAnswer } } }, async (request) => {
      await touchesWritten(); // each device's last use as this process has seen it
      const { rows } = await sql<DeviceSession>`select id, created_at, last_seen_at, ip, user_agent, token_hash = ${request.session!.tokenHash} as current
        from sessions where ${mine(request)} and expires_at > now() order by last_seen_at desc`.execute(db);
      return { data: rows.map((r) => ({ ...r, id: Number(r.id) })) };
    });

    app.delete(`${prefix}/:id`, { config, schema: { tags, summary: 'Sign one of my devices out', response: { 204: NO_CONTENT } } }, async (request, reply) => {
      const id = idParam(request);
      const { rows } = await sql<{ id: number }>`delete from sessions where ${mine(request)} and id = ${id} returning id`.execute(db);
      if (!rows.length) throw notFound();
      await recordEvent(db, request.session!.tenantId, actorOf(request.session), originOf(request), { action: 'logout', resource: 'sessions', recordId: id });
      return reply.status(204).send();
    });
  }

  // A manager ends a staff member's sessions (their own clinic's staff; the Owner the platform's):
  // the staff resource's declared record action says who, and the path.
  const endFor = (scope: AccountScope, def: ResourceDef, table: 'users' | 'tenant_users') => {
    const action = recordAction(def, 'end-staff-sessions');
    /** The staff member the path names: offered the action (403), of this clinic or the platform (404). */
    const staffMember = async (request: FastifyRequest) => {
      const session = request.session!;
      const id = idParam(request);
      if (!offersRecordAction(action, session.user, id)) throw forbidden();
      const tenantId = scope === 'tenant' ? session.tenantId : null;
      const tenantWhere = tenantId === null ? sql`true` : sql`tenant_id = ${tenantId}`;
      const { rows } = await sql`select 1 from ${sql.table(table)} where id = ${id} and ${tenantWhere}`.execute(db);
      if (!rows.length) throw notFound();
      return { id, tenantId };
    };
    app.post(`/${def.path}/:id/${action.post}`, { config: { scope, record: staffMember }, schema: { tags: ['profile'], summary: 'Sign a staff member out of every device', body: NO_BODY, response: { 204: NO_CONTENT } } }, async (request, reply) => {
      const session = request.session!;
      const { id, tenantId } = await staffMember(request);
      await endUserSessions(db, scope, tenantId, id);
      await recordEvent(db, tenantId, actorOf(session), originOf(request), { action: 'revoke', resource: scope === 'tenant' ? 'tenantUsers' : 'users', recordId: id, fields: ['sessions'] });
      return reply.status(204).send();
    });
  };
  endFor('tenant', resourceByName('tenantUsers'), 'tenant_users');
  endFor('central', resourceByName('users'), 'users');
}

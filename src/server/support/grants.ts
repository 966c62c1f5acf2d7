// Support access with the clinic's consent (issue 14): the grant's rules, the clinic's revoke, and
// the platform side (the grants made to me, opening a clinic in a support session). A support
// session is refused everything outside its grant by the request context (http/context.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { type Kysely, sql } from 'kysely';
import { TENANT_ROLE } from '../../shared/roles';
import { recordEvent } from '../audit/events';
import { actorOf, originOf } from '../audit/origin';
import { newToken, sha256 } from '../auth/passwords';
import type { Database } from '../db/schema';
import type { ResourceHooks } from '../engine/hooks';
import { forbidden, invalidField, notFound } from '../http/errors';
import { translate } from '../i18n';
import { notify } from '../modules/notifications';
import { bool, int, listAnswer, nullable, obj, str } from '../http/answers';
import { NO_BODY } from '../http/route-rules';

export const supportGrantHooks: ResourceHooks = {
  async beforeCreate(ctx, input) {
    const { rows } = await sql`select 1 from users where id = ${input.user_id} and is_active`.execute(ctx.trx);
    if (!rows.length) throw invalidField('user_id', 'validation.relation');
    input.granted_by = ctx.caller.userId;
  },
};

interface GrantRow {
  id: number;
  tenant_id: number;
  user_id: number;
  reason: string;
  read_only: boolean;
  expires_at: Date;
  revoked_at: Date | null;
  clinic: string;
  subdomain: string;
  status: number;
}

function idOf(request: FastifyRequest): number {
  return Number((request.params as { id: string }).id);
}

export function registerSupportRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const mainDoctor = { scope: 'tenant', access: { clinicRoles: [TENANT_ROLE.mainDoctor] } } as const;
  const grant = obj({ id: int, tenant_id: int, user_id: int, reason: nullable(str), read_only: bool, expires_at: str, revoked_at: nullable(str) }, ['id']);

  // The clinic's side.
  app.get('/support/staff', { config: mainDoctor, schema: { tags: ['support'], summary: "The platform's staff a grant may name (Main Doctor)", response: { 200: listAnswer(obj({ id: int, name: str, role: int })) } } }, async () => {
    const { rows } = await sql<{ id: number; name: string; role: number }>`select id, name, role from users where is_active order by name`.execute(db);
    return { data: rows };
  });

  const grants = resourceByName('supportGrants');
  app.post('/supportGrants/:id/revoke', { config: { ...mainDoctor, record: { resource: grants, action: 'read' } }, schema: { tags: ['support'], summary: 'End a support grant and its sessions at once (Main Doctor)', body: NO_BODY, response: { 200: obj({ message: str, data: grant }) } } }, async (request) => {
    const id = idOf(request);
    const data = await request.data.transaction(async (trx) => {
      const { rows } = await sql<GrantRow>`update support_grants set revoked_at = coalesce(revoked_at, ${request.data.now()}), updated_at = ${request.data.now()}
        where tenant_id = ${request.tenant!.id} and id = ${id} returning *`.execute(trx);
      if (!rows[0]) throw notFound();
      await sql`delete from sessions where tenant_id = ${request.tenant!.id} and grant_id = ${id}`.execute(trx);
      await request.data.audit(trx, { action: 'revoke', resource: 'supportGrants', recordId: id, fields: ['revoked_at'] });
      return rows[0];
    });
    return { message: translate(request.lang, 'messages.supportRevoked'), data };
  });

  // The platform's side: any of its staff, for the grants made to them.
  const grantsOf = (userId: number, now: Date) =>
    sql<GrantRow>`select g.id, g.tenant_id, g.user_id, g.reason, g.read_only, g.expires_at, g.revoked_at, t.name as clinic, t.subdomain, t.status
      from support_grants g join tenants t on t.id = g.tenant_id
      where g.user_id = ${userId} and g.revoked_at is null and g.expires_at > ${now} order by g.expires_at`.execute(db);

  app.get('/support/grants', { config: { scope: 'central' }, schema: { tags: ['support'], summary: 'The clinics that let me in now', response: { 200: listAnswer({ ...grant, properties: { ...(grant.properties as object), clinic: str, subdomain: str } }) } } }, async (request) => {
    const { rows } = await grantsOf(request.session!.user.id, request.data.now());
    return { data: rows.map(({ status: _, ...grant }) => grant) };
  });

  /** The caller's grant the path names, good now on an active clinic; else refused (403) and kept. */
  const usableGrant = async (request: FastifyRequest) => {
    const session = request.session!;
    const id = idOf(request);
    const { rows } = await grantsOf(session.user.id, request.data.now());
    const grant = rows.find((g) => Number(g.id) === id);
    if (!grant || grant.status !== 0) {
      // Refused and kept: in the clinic's trail when the grant is real (someone tried its door).
      const { rows: owner } = await sql<{ tenant_id: number }>`select tenant_id from support_grants where id = ${id}`.execute(db);
      await recordEvent(db, owner[0]?.tenant_id ?? null, actorOf(session), originOf(request), { action: 'denied', resource: 'supportGrants', recordId: id });
      throw forbidden();
    }
    return grant;
  };

  app.post('/support/grants/:id/open', { config: { scope: 'central', record: usableGrant }, schema: { tags: ['support'], summary: 'Open a clinic under its grant: a support session for its host only', body: NO_BODY, response: { 200: obj({ token: str, subdomain: str, expires_at: str, read_only: bool }) } } }, async (request) => {
    const session = request.session!;
    const now = request.data.now();
    const grant = await usableGrant(request);
    const actor = actorOf(session);
    const token = newToken();
    await db.transaction().execute(async (trx) => {
      await sql`insert into sessions (token_hash, scope, tenant_id, user_id, grant_id, created_at, last_seen_at, expires_at)
        values (${sha256(token)}, 'support', ${grant.tenant_id}, ${session.user.id}, ${grant.id}, ${now}, ${now}, ${grant.expires_at})`.execute(trx);
      await recordEvent(trx, grant.tenant_id, actor, { ...originOf(request), onBehalfOf: grant.id }, { action: 'support_access', resource: 'supportGrants', recordId: grant.id });
      await notify(trx, { scope: 'tenant', tenantId: grant.tenant_id, roles: [TENANT_ROLE.mainDoctor] }, 'supportEntered', { name: session.user.name, until: grant.expires_at.toISOString() });
    });
    return { token, subdomain: grant.subdomain, expires_at: grant.expires_at, read_only: grant.read_only };
  });
}

// The logged-in person's own account, in both applications: personal and contact details,
// password change (current password required; other sessions end) and signing out elsewhere.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { accountResource, recordEvent } from '../audit/events';
import { actorOf, originOf } from '../audit/origin';
import { resourceByName } from '../../../resources/index';
import { normalizeInput } from '../engine/validate';
import { NO_BODY } from '../http/route-rules';
import { authUser, dataAnswer, messageAnswer } from '../http/answers';
import { ApiError } from '../http/errors';
import { translate } from '../i18n';
import { type AccountScope, answeredUser, findAccount, loadAuthUser, setPassword } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { PASSWORD_MAX, PASSWORD_MIN, assertPassword, personalWords } from './password-policy';
import { endUserSessions } from './sessions';

const profileBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120 },
    email: { type: ['string', 'null'], format: 'email', maxLength: 200 },
    // Stored in E.164, like every phone field of the registry (normalized below, then checked).
    phone: { type: ['string', 'null'], maxLength: 30, format: 'phone' },
    // Needed to change the e-mail or phone that recovery codes go to (a stolen session alone
    // must not redirect them).
    current_password: { type: 'string', maxLength: PASSWORD_MAX },
  },
};
const passwordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['current_password', 'password', 'password_confirmation'],
  properties: {
    current_password: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
    password_confirmation: { type: 'string', maxLength: PASSWORD_MAX },
  },
};

export function registerProfileRoutes(app: FastifyInstance, db: Kysely<Database>, clock: () => Date): void {
  for (const scope of ['central', 'tenant'] as AccountScope[]) {
    const prefix = scope === 'central' ? '/auth/profile' : '/auth/tenant/profile';
    const config = { scope } as const;
    const tags = ['profile'];
    // The account's declaration tidies the body as the engine would (a phone to E.164, an e-mail lowered).
    const accountDef = resourceByName(scope === 'central' ? 'users' : 'tenantUsers');
    const me = (request: FastifyRequest) => ({ session: request.session!, tenantId: request.session!.tenantId });

    app.get(prefix, { config, schema: { tags, summary: 'My account', response: { 200: dataAnswer(authUser) } } }, async (request) => ({ data: answeredUser(request.session!.user) }));

    const tidy = async (request: FastifyRequest) => {
      request.body = normalizeInput(accountDef, request.body);
    };
    app.put(prefix, { config, preValidation: tidy, schema: { tags, summary: 'Change my name, e-mail and phone', body: profileBody, response: { 200: dataAnswer(authUser) } } }, async (request) => {
      const { current_password: currentPassword, ...body } = request.body as { name?: string; email?: string | null; phone?: string | null; current_password?: string };
      const { session, tenantId } = me(request);
      if (typeof body.email === 'string') body.email = body.email.trim().toLowerCase() || null;
      const recoveryChanged = (body.email !== undefined && body.email !== session.user.email) || (body.phone !== undefined && (body.phone || null) !== session.user.phone);
      if (recoveryChanged) {
        const account = await findAccount(db, scope, tenantId, session.user.username);
        if (!currentPassword || !account || !(await verifyPassword(account.password_hash, currentPassword))) {
          throw new ApiError(422, 'errors.validation', undefined, { current_password: [{ key: currentPassword ? 'errors.wrongPassword' : 'validation.passwordToChangeContact' }] });
        }
      }
      const changes = { ...body, updated_at: clock() };
      if (scope === 'central') await db.updateTable('users').set(changes).where('id', '=', session.user.id).execute();
      else await db.updateTable('tenant_users').set(changes).where('tenant_id', '=', tenantId!).where('id', '=', session.user.id).execute();
      await recordEvent(db, tenantId, actorOf(session), originOf(request), { action: 'update', resource: accountResource(scope), recordId: session.user.id, fields: Object.keys(body) });
      return { data: await loadAuthUser(db, scope, tenantId, session.user.id) };
    });

    app.put(`${prefix}/password`, { config, schema: { tags, summary: 'Change my password (other sessions end)', body: passwordBody, response: { 200: messageAnswer } } }, async (request) => {
      const body = request.body as { current_password: string; password: string; password_confirmation: string };
      const { session, tenantId } = me(request);
      if (body.password !== body.password_confirmation) throw new ApiError(422, 'errors.validation', undefined, { password_confirmation: [{ key: 'validation.confirmed' }] });
      const account = await findAccount(db, scope, tenantId, session.user.username);
      if (!account || !(await verifyPassword(account.password_hash, body.current_password))) {
        throw new ApiError(422, 'errors.validation', undefined, { current_password: [{ key: 'errors.wrongPassword' }] });
      }
      assertPassword(body.password, await personalWords(db, tenantId, account));
      await setPassword(db, scope, tenantId, session.user.id, await hashPassword(body.password), clock());
      await endUserSessions(db, scope, tenantId, session.user.id, session.tokenHash);
      await recordEvent(db, tenantId, actorOf(session), originOf(request), { action: 'password_change', resource: accountResource(scope), recordId: session.user.id, fields: ['password'] });
      return { message: translate(request.lang, 'messages.passwordChanged') };
    });

    app.post(`${prefix}/logout-others`, { config, schema: { tags, summary: 'Sign out my other devices', body: NO_BODY, response: { 200: messageAnswer } } }, async (request) => {
      const { session, tenantId } = me(request);
      await endUserSessions(db, scope, tenantId, session.user.id, session.tokenHash);
      return { message: translate(request.lang, 'messages.loggedOutOthers') };
    });
  }
}

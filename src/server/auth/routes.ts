// Login, current user, logout and the three-step password recovery, for the central host
// (/auth/...) and for clinic hosts (/auth/tenant/...). One implementation serves both.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ACCOUNT_STATUS } from '../../shared/enums';
import type { Database } from '../db/schema';
import { accountResource, recordEvent } from '../audit/events';
import { actorOf, originOf } from '../audit/origin';
import { NO_BODY } from '../http/route-rules';
import { authUser, dataAnswer, messageAnswer, NO_CONTENT, obj, str } from '../http/answers';
import { ApiError, tenantSuspended, unauthenticated } from '../http/errors';
import { translate } from '../i18n';
import { type AccountScope, answeredUser, findAccount, loadAuthUser } from './accounts';
import type { CodeMailer } from './mailer';
import { hashPassword, verifyPassword } from './passwords';
import { PasswordRecovery } from './recovery';
import { type SessionPolicy, createSession, endSession } from './sessions';
import { LOGIN_CEILING, type LoginThrottle, loginKeys } from './throttle';
import type { MfaService } from './mfa';
import { secondStep } from './mfa-routes';

export interface AuthDeps {
  db: Kysely<Database>;
  throttle: LoginThrottle;
  mailer: CodeMailer;
  clock: () => Date;
  sessions: SessionPolicy;
  mfa: MfaService;
}

/** Login's answer: a session, or the second step it asks for first (mfa-routes.ts). */
const loginAnswer = {
  type: 'object',
  properties: { token: str, user: authUser, mfa: { type: 'string', enum: ['required', 'enrol'] }, challenge: str, secret: str, uri: str },
};

const username = { type: 'string', minLength: 1, maxLength: 200 };
const credentials = { type: 'object', additionalProperties: false, required: ['username', 'password'], properties: { username, password: { type: 'string', minLength: 1, maxLength: 200 } } };
const forgetRequest = { type: 'object', additionalProperties: false, required: ['username'], properties: { username } };
const forgetVerify = { type: 'object', additionalProperties: false, required: ['username', 'code'], properties: { username, code: { type: 'string', pattern: '^[0-9]{6}$' } } };
const forgetReset = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'token', 'password', 'password_confirmation'],
  properties: { username, token: { type: 'string', minLength: 1, maxLength: 200 }, password: { type: 'string', minLength: 12, maxLength: 200 }, password_confirmation: { type: 'string', maxLength: 200 } },
};

// Verifying against a real hash when the account does not exist keeps response times alike.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password-0000'));

export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const recovery = new PasswordRecovery(deps.db, deps.mailer, deps.clock);

  for (const scope of ['central', 'tenant'] as AccountScope[]) {
    const prefix = scope === 'central' ? '/auth' : '/auth/tenant';
    const tags = [scope === 'central' ? 'auth' : 'auth (clinic)'];
    const open = { scope, auth: false } as const;
    // Per-address ceiling on top of the per-account failure throttle.
    const limited = { ...open, rateLimit: LOGIN_CEILING };
    const tenantOf = (request: FastifyRequest) => {
      if (scope === 'central') return null;
      if (request.tenant!.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
      return request.tenant!.id;
    };

    app.post(`${prefix}/login`, { config: limited, schema: { tags, summary: 'Log in', body: credentials, response: { 200: loginAnswer } } }, async (request) => {
      const body = request.body as { username: string; password: string };
      const tenantId = tenantOf(request);
      const now = deps.clock();
      const { account: accountKey, address: addressKey } = loginKeys(scope, tenantId, body.username, request.ip);
      await deps.throttle.check(accountKey, addressKey, now);
      const account = await findAccount(deps.db, scope, tenantId, body.username);
      const ok = await verifyPassword(account?.password_hash ?? (await dummy()), body.password);
      const tried = { scope, id: account?.id ?? null, role: account?.role ?? null, name: account?.name ?? body.username.trim().toLowerCase().slice(0, 100) };
      if (!account || !ok || !account.is_active) await recordEvent(deps.db, tenantId, tried, originOf(request), { action: 'login_failed' });
      if (!account || !ok) {
        await deps.throttle.fail([accountKey, addressKey], now);
        throw new ApiError(422, 'errors.invalidCredentials', undefined, { password: [{ key: 'errors.invalidCredentials' }] });
      }
      if (!account.is_active) throw new ApiError(403, 'errors.accountDisabled');
      // With a second factor (or a policy asking for one) the password alone opens no session:
      // the answer is a challenge for POST <prefix>/login/mfa, and the failures seen from this
      // address are cleared only when the code is right too.
      const second = await secondStep(deps.mfa, { scope, tenantId, userId: account.id }, account.username, request, now);
      if (second) return second;
      await deps.throttle.clear(accountKey);
      const origin = originOf(request);
      const token = await createSession(deps.db, scope, tenantId, account.id, now, deps.sessions, { ip: origin.ip, userAgent: origin.userAgent });
      await recordEvent(deps.db, tenantId, tried, originOf(request), { action: 'login' });
      return { token, user: await loadAuthUser(deps.db, scope, tenantId, account.id) };
    });

    app.get(`${prefix}/user`, { config: { scope }, schema: { tags, summary: 'The logged-in user', response: { 200: dataAnswer(authUser) } } }, async (request) => ({ data: answeredUser(request.session!.user) }));

    app.post(`${prefix}/logout`, { config: { scope, auth: false }, schema: { tags, summary: 'Log out (the token stops working at once)', body: NO_BODY, response: { 204: NO_CONTENT } } }, async (request, reply) => {
      if (!request.session) throw unauthenticated();
      await endSession(deps.db, request.session.tokenHash);
      await recordEvent(deps.db, request.session.tenantId, actorOf(request.session), originOf(request), { action: 'logout' });
      return reply.status(204).send();
    });

    app.post(`${prefix}/forget/request`, { config: limited, schema: { tags, summary: 'Recovery 1: send a one-time code', body: forgetRequest, response: { 200: messageAnswer } } }, async (request) => {
      const body = request.body as { username: string };
      await recovery.request(scope, tenantOf(request), body.username, request.lang);
      // Same answer whether the account exists or not.
      return { message: translate(request.lang, 'messages.codeSent') };
    });

    app.post(`${prefix}/forget/verify`, { config: limited, schema: { tags, summary: 'Recovery 2: check the code, get a reset token', body: forgetVerify, response: { 200: obj({ message: str, token: str }) } } }, async (request) => {
      const body = request.body as { username: string; code: string };
      const token = await recovery.verify(scope, tenantOf(request), body.username, body.code);
      return { message: translate(request.lang, 'messages.codeVerified'), token };
    });

    app.post(`${prefix}/forget/reset`, { config: limited, schema: { tags, summary: 'Recovery 3: set a new password', body: forgetReset, response: { 200: messageAnswer } } }, async (request) => {
      const body = request.body as { username: string; token: string; password: string; password_confirmation: string };
      if (body.password !== body.password_confirmation) throw new ApiError(422, 'errors.validation', undefined, { password_confirmation: [{ key: 'validation.confirmed' }] });
      const tenantId = tenantOf(request);
      const account = await recovery.reset(scope, tenantId, body.username, body.token, body.password);
      const actor = { scope, id: account.id, role: account.role, name: account.name };
      await recordEvent(deps.db, tenantId, actor, originOf(request), { action: 'password_change', resource: accountResource(scope), recordId: account.id, fields: ['password'] });
      return { message: translate(request.lang, 'messages.passwordReset') };
    });
  }
}

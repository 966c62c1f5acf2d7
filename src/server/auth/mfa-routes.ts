// Two-step verification over HTTP (the logic is in mfa.ts), for the central host (/auth/...) and
// clinic hosts (/auth/tenant/...):
// - the login's second step, POST <prefix>/login/mfa { challenge, code } -> { token, user } (and
//   `recovery_codes` when it confirms an enrolment the policy asked for);
// - each person's own factor under <prefix>/profile/mfa (status, set up, turn on, new recovery
//   codes, turn off);
// - the staff policy, <prefix>/mfa-policy (the Owner; a clinic's Main Doctor);
// - a manager's reset of a staff member's factor (a lost phone): POST /users/:id/mfa-reset (the
//   Owner), POST /tenantUsers/:id/mfa-reset (the Main Doctor).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_STATUS } from '../../shared/enums';
import { type ResourceDef, offersRecordAction, recordAction } from '../../shared/resource';
import { resourceByName } from '../../../resources/index';
import { CENTRAL_ROLE, TENANT_ROLE } from '../../shared/roles';
import { type Actor, accountResource, recordEvent } from '../audit/events';
import { actorOf, originOf } from '../audit/origin';
import { NO_BODY, type RouteAccess } from '../http/route-rules';
import { arr, authUser, bool, dataAnswer, int, messageAnswer, NO_CONTENT, obj, str } from '../http/answers';
import { ApiError, forbidden, invalidField, notFound, tenantSuspended } from '../http/errors';
import { translate } from '../i18n';
import { type AccountScope, findAccount, loadAuthUser } from './accounts';
import { type AccountRef, type MfaService } from './mfa';
import { verifyPassword } from './passwords';
import type { AuthDeps } from './routes';
import { createSession } from './sessions';
import { LOGIN_CEILING, loginKeys } from './throttle';

const challengeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['challenge', 'code'],
  properties: { challenge: { type: 'string', minLength: 1, maxLength: 200 }, code: { type: 'string', minLength: 1, maxLength: 64 } },
};
const codeBody = { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 64 } } };
const passwordBody = { type: 'object', additionalProperties: false, required: ['current_password'], properties: { current_password: { type: 'string', minLength: 1, maxLength: 200 } } };
const disableBody = {
  type: 'object',
  additionalProperties: false,
  required: ['current_password', 'code'],
  properties: { current_password: { type: 'string', minLength: 1, maxLength: 200 }, code: { type: 'string', minLength: 1, maxLength: 64 } },
};
const policyBody = { type: 'object', additionalProperties: false, required: ['required'], properties: { required: { type: 'boolean' } } };

const recoveryCodes = dataAnswer(obj({ recovery_codes: arr(str) }));
const policyAnswer = dataAnswer(obj({ required: bool }));
const wrongCode = () => invalidField('code', 'errors.invalidMfaCode');
// The password step must be done again (expired, used, tried five times, or another host's).
const challengeEnded = () => new ApiError(401, 'errors.mfaChallengeEnded');

/** What the authenticator app shows: the clinic (or the platform) and the account. */
function naming(request: FastifyRequest, username: string): { issuer: string; label: string } {
  const tenant = request.tenant;
  return tenant ? { issuer: tenant.name, label: `${username}@${tenant.subdomain}` } : { issuer: 'Clinic platform', label: username };
}

/**
 * The login's answer after a right password when a second step is due: a challenge for an account
 * with the factor on, or a challenge with a new secret to enrol when its staff policy requires the
 * factor and the account has none. Null: no second step (the login opens its session).
 */
export async function secondStep(mfa: MfaService, ref: AccountRef, username: string, request: FastifyRequest, now: Date) {
  if ((await mfa.state(ref)).enabled) return { mfa: 'required' as const, challenge: await mfa.createChallenge(ref, 'verify', now) };
  if (!(await mfa.required(ref.tenantId))) return null;
  const { issuer, label } = naming(request, username);
  const { secret, uri } = await mfa.beginEnrolment(ref, issuer, label);
  return { mfa: 'enrol' as const, challenge: await mfa.createChallenge(ref, 'enrol', now), secret, uri };
}

export function registerMfaRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { db, mfa, throttle, clock } = deps;

  for (const scope of ['central', 'tenant'] as AccountScope[]) {
    const prefix = scope === 'central' ? '/auth' : '/auth/tenant';
    const loginTags = [scope === 'central' ? 'auth' : 'auth (clinic)'];
    const tags = ['profile'];
    const config = { scope } as const;
    const tenantOf = (request: FastifyRequest) => {
      if (scope === 'central') return null;
      if (request.tenant!.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
      return request.tenant!.id;
    };

    app.post(
      `${prefix}/login/mfa`,
      { config: { scope, auth: false, rateLimit: LOGIN_CEILING }, schema: { tags: loginTags, summary: 'Log in, step 2: the code (or a recovery code)', body: challengeBody, response: { 200: obj({ token: str, user: authUser, recovery_codes: arr(str) }, ['token', 'user']) } } },
      async (request) => {
        const body = request.body as { challenge: string; code: string };
        const tenantId = tenantOf(request);
        const now = clock();
        // Bound to this host: another clinic's (or the other application's) challenge is not found.
        const challenge = await mfa.findChallenge(body.challenge, scope, tenantId, now);
        if (!challenge) throw challengeEnded();
        const user = await loadAuthUser(db, scope, tenantId, challenge.userId);
        if (!user || !user.is_active) throw challengeEnded();
        const keys = loginKeys(scope, tenantId, user.username, request.ip);
        await throttle.check(keys.account, keys.address, now);
        const ref = { scope, tenantId, userId: user.id };
        const actor: Actor = { scope, id: user.id, role: user.role, name: user.name };
        const origin = originOf(request);
        let recoveryCodes: string[] | null = null;
        let kind: 'totp' | 'recovery' | null;
        if (challenge.purpose === 'enrol') {
          recoveryCodes = await mfa.confirmEnrolment(ref, body.code, now);
          kind = recoveryCodes ? 'totp' : null;
        } else {
          kind = await mfa.verify(ref, body.code, now);
        }
        if (!kind) {
          // Counted like a failed password: five from one address block the account there.
          await mfa.failChallenge(challenge.id, now);
          await throttle.fail([keys.account, keys.address], now);
          await recordEvent(db, tenantId, actor, origin, { action: 'mfa_failed' });
          throw wrongCode();
        }
        if (!(await mfa.consumeChallenge(challenge.id, now))) throw challengeEnded();
        await throttle.clear(keys.account);
        if (recoveryCodes) await recordEvent(db, tenantId, actor, origin, { action: 'mfa_enabled', resource: accountResource(scope), recordId: user.id });
        if (kind === 'recovery') await recordEvent(db, tenantId, actor, origin, { action: 'recovery_code_used', resource: accountResource(scope), recordId: user.id });
        const token = await createSession(db, scope, tenantId, user.id, now, deps.sessions, { ip: origin.ip, userAgent: origin.userAgent });
        await recordEvent(db, tenantId, actor, origin, { action: 'login' });
        return recoveryCodes ? { token, user, recovery_codes: recoveryCodes } : { token, user };
      },
    );

    // Each person's own factor.
    const base = `${prefix}/profile/mfa`;
    const me = (request: FastifyRequest) => {
      const session = request.session!;
      // A support session is a platform user's visit: their factor lives on the main host.
      if (session.user.support) throw forbidden();
      return { session, ref: { scope, tenantId: session.tenantId, userId: session.user.id } satisfies AccountRef };
    };
    /** The current password, checked (and its failures counted like a login's). */
    const checkPassword = async (request: FastifyRequest, password: string) => {
      const { session } = me(request);
      const keys = loginKeys(scope, session.tenantId, session.user.username, request.ip);
      const now = clock();
      await throttle.check(keys.account, keys.address, now);
      const account = await findAccount(db, scope, session.tenantId, session.user.username);
      if (!account || !(await verifyPassword(account.password_hash, password))) {
        await throttle.fail([keys.account, keys.address], now);
        throw invalidField('current_password', 'errors.wrongPassword');
      }
      return keys;
    };

    // The idle lock (issue 36): the screen left alone locks, and the person's password, checked
    // here (its failures counted like a login's), opens it again without a new session.
    app.post(`${prefix}/profile/unlock`, { config, schema: { tags, summary: 'Check my password to open the screen locked after idle time', body: passwordBody, response: { 204: NO_CONTENT } } }, async (request, reply) => {
      const keys = await checkPassword(request, (request.body as { current_password: string }).current_password);
      await throttle.clear(keys.account);
      return reply.status(204).send();
    });

    app.get(base, { config, schema: { tags, summary: 'My two-step verification: on or off, required, recovery codes left', response: { 200: dataAnswer(obj({ enabled: bool, required: bool, recovery_codes_left: int })) } } }, async (request) => {
      const { ref } = me(request);
      const state = await mfa.state(ref);
      return { data: { enabled: state.enabled, required: await mfa.required(ref.tenantId), recovery_codes_left: state.recoveryCodesLeft } };
    });

    app.post(`${base}/setup`, { config, schema: { tags, summary: 'Start turning two-step verification on: a new secret (and its otpauth URI)', body: NO_BODY, response: { 200: dataAnswer(obj({ secret: str, uri: str })) } } }, async (request) => {
      const { session, ref } = me(request);
      if ((await mfa.state(ref)).enabled) throw new ApiError(409, 'errors.mfaAlreadyOn');
      const { issuer, label } = naming(request, session.user.username);
      return { data: await mfa.beginEnrolment(ref, issuer, label) };
    });

    app.post(`${base}/enable`, { config, schema: { tags, summary: 'Turn two-step verification on with a first code; answers the recovery codes (once)', body: codeBody, response: { 200: recoveryCodes } } }, async (request) => {
      const body = request.body as { code: string };
      const { session, ref } = me(request);
      if ((await mfa.state(ref)).enabled) throw new ApiError(409, 'errors.mfaAlreadyOn');
      const codes = await mfa.confirmEnrolment(ref, body.code, clock());
      if (!codes) throw wrongCode();
      await recordEvent(db, ref.tenantId, actorOf(session), originOf(request), { action: 'mfa_enabled', resource: accountResource(scope), recordId: ref.userId });
      return { data: { recovery_codes: codes } };
    });

    app.post(`${base}/recovery-codes`, { config, schema: { tags, summary: 'New recovery codes (the old ones stop working); asks the current password', body: passwordBody, response: { 200: recoveryCodes } } }, async (request) => {
      const body = request.body as { current_password: string };
      const { session, ref } = me(request);
      const keys = await checkPassword(request, body.current_password);
      const codes = await mfa.renewRecoveryCodes(ref, clock());
      if (!codes) throw new ApiError(409, 'errors.mfaNotOn');
      await throttle.clear(keys.account);
      await recordEvent(db, ref.tenantId, actorOf(session), originOf(request), { action: 'recovery_codes_renewed', resource: accountResource(scope), recordId: ref.userId });
      return { data: { recovery_codes: codes } };
    });

    app.post(`${base}/disable`, { config, schema: { tags, summary: 'Turn two-step verification off; asks the current password and a code', body: disableBody, response: { 200: messageAnswer } } }, async (request) => {
      const body = request.body as { current_password: string; code: string };
      const { session, ref } = me(request);
      if (!(await mfa.state(ref)).enabled) throw new ApiError(409, 'errors.mfaNotOn');
      if (await mfa.required(ref.tenantId)) throw invalidField('code', scope === 'central' ? 'errors.mfaRequiredByPlatform' : 'errors.mfaRequiredByClinic');
      const keys = await checkPassword(request, body.current_password);
      const now = clock();
      if (!(await mfa.verify(ref, body.code, now))) {
        await throttle.fail([keys.account, keys.address], now);
        await recordEvent(db, ref.tenantId, actorOf(session), originOf(request), { action: 'mfa_failed' });
        throw wrongCode();
      }
      await throttle.clear(keys.account);
      await mfa.remove(ref);
      await recordEvent(db, ref.tenantId, actorOf(session), originOf(request), { action: 'mfa_disabled', resource: accountResource(scope), recordId: ref.userId });
      return { message: translate(request.lang, 'messages.mfaDisabled') };
    });

    // The staff policy: required at each one's next login (sessions already open keep working).
    // The Owner on the central host; the clinic's Main Doctor (not a support session) on a clinic's.
    const managers: RouteAccess = scope === 'central' ? { roles: [CENTRAL_ROLE.owner] } : { clinicRoles: [TENANT_ROLE.mainDoctor], notSupport: true };
    const managerConfig = { ...config, access: managers };
    app.get(`${prefix}/mfa-policy`, { config: managerConfig, schema: { tags: ['settings'], summary: 'Whether staff must use two-step verification (Owner; Main Doctor)', response: { 200: policyAnswer } } }, async (request) => {
      const session = request.session!;
      return { data: { required: await mfa.required(session.tenantId) } };
    });
    app.put(`${prefix}/mfa-policy`, { config: managerConfig, schema: { tags: ['settings'], summary: 'Require two-step verification of staff, from their next login (Owner; Main Doctor)', body: policyBody, response: { 200: policyAnswer } } }, async (request) => {
      const body = request.body as { required: boolean };
      const session = request.session!;
      await mfa.setRequired(session.tenantId, body.required, session.user.id, clock());
      await recordEvent(db, session.tenantId, actorOf(session), originOf(request), { action: 'mfa_policy_change', resource: accountResource(scope), fields: ['mfa_required'] });
      return { data: { required: body.required } };
    });
  }

  // A manager resets a staff member's factor (a lost phone): at the next login they log in with the
  // password alone, or enrol again if the policy requires it. Not one's own (that is the profile's
  // "turn off", which asks for the password and a code).
  // Who, and the path: the staff resource's declared record action.
  const resetFor = (scope: AccountScope, def: ResourceDef) => {
    const action = recordAction(def, 'reset-staff-mfa');
    /** The staff member the path names: offered the action (403), of this clinic or the platform (404). */
    const staffMember = async (request: FastifyRequest) => {
      const session = request.session!;
      const id = Number((request.params as { id: string }).id);
      if (!offersRecordAction(action, session.user, id)) throw forbidden();
      const tenantId = scope === 'tenant' ? session.tenantId : null;
      if (!(await loadAuthUser(db, scope, tenantId, id))) throw notFound();
      return { id, tenantId };
    };
    app.post(`/${def.path}/:id/${action.post}`, { config: { scope, record: staffMember }, schema: { tags: ['profile'], summary: "Reset a staff member's two-step verification", body: NO_BODY, response: { 204: NO_CONTENT } } }, async (request, reply) => {
      const session = request.session!;
      const { id, tenantId } = await staffMember(request);
      await mfa.remove({ scope, tenantId, userId: id });
      await recordEvent(db, tenantId, actorOf(session), originOf(request), { action: 'mfa_reset', resource: accountResource(scope), recordId: id });
      return reply.status(204).send();
    });
  };
  resetFor('tenant', resourceByName('tenantUsers'));
  resetFor('central', resourceByName('users'));
}

// Refine auth provider. The host picks the endpoints (central /auth/..., clinic /auth/tenant/...).
// Login stores the token, loads (on a clinic) agreements, permissions and initial data, then the
// user, and sends the user to their home. Logout and any 401 clear the session.
import type { AuthProvider } from '@refinedev/core';
import type { Permission } from '../../shared/access';
import { centralHome } from '../../shared/roles';
import { translate } from '../i18n';
import { appScope } from '../host';
import { ApiError, type Screen, api, endSession } from './http';
import { afterLogin, forgetSessionEnded, loginPathHere } from './returnPath';
import { toast } from './notify';
import { type SessionUser, callerOf, clearSession, getSession, setSession } from './session';
import { loadTenantData } from './tenantData';

/** How long a sign-in waits for the server before trying this device's working set. */
const LOGIN_TIMEOUT_MS = 8_000;

export function authBase(): string {
  return appScope() === 'tenant' ? '/auth/tenant' : '/auth';
}

/** Where a logged-in user lands. */
export function homePath(role: number = getSession().role): string {
  return appScope() === 'central' ? centralHome(role) : '/dashboard';
}

/** Load the current user (and on a clinic its extra data) into the session. */
export async function refreshUser(quiet = false): Promise<SessionUser> {
  // The clinic's start-up data and the user at once: one round trip before the first screen, not
  // two (on a 150 ms link that was half a second of every sign-in and reload; issue 41).
  const [, body] = await Promise.all([appScope() === 'tenant' ? loadTenantData() : undefined, api<{ data: SessionUser }>(`${authBase()}/user`, { quiet })]);
  setSession({ user: body.data, role: body.data.role });
  return body.data;
}

function failure(err: unknown): { success: false; error: Error } {
  const message = err instanceof Error ? err.message : String(err);
  const error = new Error(message);
  error.name = translate('auth.loginFailed', 'Login failed');
  return { success: false, error };
}

/** A login's session: the token and the user (the second step's answer has this shape too). */
export interface LoginAnswer {
  token: string;
  user?: SessionUser;
  /** Only when the login confirmed an enrolment: shown once. */
  recovery_codes?: string[];
}

/**
 * A right password for an account with two-step verification: no session yet, a challenge for
 * the code (`required`), or a new secret to enrol first when the staff policy asks (`enrol`).
 */
export interface MfaStep {
  mfa: 'required' | 'enrol';
  challenge: string;
  secret?: string;
  uri?: string;
}

/**
 * The password of the sign-in under way, kept in memory until its session opens (after a second
 * step too): it unwraps this device's sealed working set (offline/, issue 36), then is forgotten.
 */
let signingIn: { username: string; password: string } | null = null;

function unlockWorkingSet(user: SessionUser): void {
  const credentials = signingIn;
  signingIn = null;
  if (!credentials || appScope() !== 'tenant') return;
  void import('../offline/device').then((m) => m.unlockAfterOnlineLogin(credentials.username, credentials.password, user)).catch((err: unknown) => console.error('offline working set', err));
}

/** A sign-in from this device's sealed working set while the server does not answer (issue 36 e). */
async function offlineLogin(username: string, password: string): Promise<{ success: true; redirectTo: string } | { success: false; error: Error }> {
  const { offlineToken, signInOffline } = await import('../offline/device');
  const answer = await signInOffline(username, password);
  if (!answer.ok) return failure(new Error(answer.reason === 'wrongPassword' ? translate('offline.wrongPassword') : answer.reason === 'tooOld' ? translate('offline.signInTooOld') : translate('offline.notHere')));
  setSession({ token: offlineToken(), user: answer.user, role: answer.user.role });
  return { success: true, redirectTo: homePath(answer.user.role) };
}

/** Keeps the session of a successful login, loads the user, and says where to go. */
export async function openSession(body: LoginAnswer): Promise<{ success: true; redirectTo: string } | { success: false; error: Error }> {
  // The page to return to, read before the session is set: the login screen then leaves for it at
  // once, and the address no longer names it (reading it afterwards sent everyone home).
  const returnTo = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).toString();
  try {
    // Nothing a previous session read is shown to this one.
    (await import('./queryClient')).queryClient.clear();
    setSession({ token: body.token, user: body.user ?? null, role: body.user?.role ?? getSession().role });
    const user = await refreshUser();
    unlockWorkingSet(user);
    forgetSessionEnded();
    toast('success', translate('auth.welcomeBack', 'Welcome back!'));
    // Back to the page opened logged out (or where the session ended), else home.
    return { success: true, redirectTo: afterLogin(homePath(user.role), `?${returnTo}`) };
  } catch (err) {
    if (getSession().token && !(err instanceof ApiError && err.statusCode === 0)) {
      // Logged in but the user could not be loaded: keep nothing half-done.
      clearSession();
    }
    return failure(err);
  }
}

export const authProvider: AuthProvider = {
  // A second step due answers { success: false, mfa } (no error): the login page asks the code.
  login: async (params: { username?: string; password?: string }) => {
    let body: LoginAnswer | MfaStep;
    signingIn = { username: params.username ?? '', password: params.password ?? '' };
    try {
      body = await api<LoginAnswer | MfaStep>(`${authBase()}/login`, {
        method: 'POST',
        body: { username: params.username ?? '', password: params.password ?? '' },
        // A hanging server must not hold the desk at the door: it then signs in offline.
        timeoutMs: LOGIN_TIMEOUT_MS,
      });
    } catch (err) {
      signingIn = null;
      // No answer from the server: a clinic's desk may sign in on this device (offline/device.ts).
      if (err instanceof ApiError && err.statusCode === 0 && appScope() === 'tenant') return offlineLogin(params.username ?? '', params.password ?? '');
      return failure(err);
    }
    if ('mfa' in body) return { success: false, mfa: body };
    return openSession(body);
  },

  // Also called by Refine after a 401 (onError), when the session is already gone: then no
  // "Goodbye!", and login keeps saying that the session ended.
  logout: async () => {
    if (getSession().token) {
      await api(`${authBase()}/logout`, { method: 'POST', quiet: true }).catch(() => undefined);
      forgetSessionEnded();
      toast('success', translate('messages.loggedOut', 'Goodbye!'));
    }
    clearSession();
    return { success: true, redirectTo: '/login' };
  },

  check: async () => {
    if (callerOf()) return { authenticated: true };
    return { authenticated: false, logout: true, redirectTo: loginPathHere() };
  },

  // Every failed call of Refine's data hooks comes here (docs/architecture.md#the-failure-policy): the session ended
  // (401) goes to login, saying so and coming back after; 417, 418, 500 and a record's 404 go to
  // their screens. The data provider's errors name that screen (http.ts `screenOf`).
  onError: async (error: { screen?: Screen }) => {
    const screen = error?.screen;
    if (screen === 'login') {
      const redirectTo = loginPathHere();
      endSession();
      return { logout: true, redirectTo };
    }
    if (screen) return { redirectTo: screen };
    return {};
  },

  getPermissions: async () => {
    const { role, user } = getSession();
    return { role, permissions: (user?.permissions ?? []) as Permission[] };
  },

  getIdentity: async () => getSession().user,
};

/**
 * A support session arriving on a clinic's host from the platform (its token was in the address):
 * kept like a login's once the clinic names its user; forgotten if it does not.
 */
export async function openSupportSession(token: string): Promise<SessionUser> {
  setSession({ token });
  try {
    const { data } = await api<{ data: SessionUser }>('/auth/tenant/user', { quiet: true });
    setSession({ token, user: data, role: data.role });
    return data;
  } catch (err) {
    clearSession();
    throw err;
  }
}

/** The login's second step: the code (or a recovery code) for the challenge. Errors are thrown. */
export function verifyMfa(challenge: string, code: string): Promise<LoginAnswer> {
  // quiet: the login page shows what went wrong itself.
  return api<LoginAnswer>(`${authBase()}/login/mfa`, { method: 'POST', body: { challenge, code }, quiet: true });
}

/** Password recovery (three steps). Each returns the server's answer; errors are thrown. */
export const recovery = {
  request: (username: string) =>
    api<{ message?: string }>(`${authBase()}/forget/request`, { method: 'POST', body: { username } }),
  verify: (username: string, code: string) =>
    api<{ message?: string; token: string }>(`${authBase()}/forget/verify`, { method: 'POST', body: { username, code } }),
  reset: (username: string, token: string, password: string, passwordConfirmation: string) =>
    api<{ message?: string }>(`${authBase()}/forget/reset`, {
      method: 'POST',
      body: { username, token, password, password_confirmation: passwordConfirmation },
    }),
};

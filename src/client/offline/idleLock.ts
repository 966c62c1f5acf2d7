// The idle lock of a clinic's shared PC (issue 36): after IDLE_LOCK_MINUTES without a key, a click
// or a touch, the app locks behind the user's password. Locking drops the device key (the working
// set is sealed again) and covers the screen; the page underneath stays as it was, so a form being
// typed keeps what was typed. The password opens it again: checked by the server when it answers
// (POST /auth/tenant/profile/unlock, throttled like a login; the key is then wrapped again as at
// an online sign-in), otherwise against the wrapped device key, under the same 72-hour rule as an
// offline sign-in. The lock is remembered in localStorage until the session ends: reloading the
// page does not open it.
import { translate } from '../i18n';
import { ApiError, api } from '../providers/http';
import { getSession, subscribeSession } from '../providers/session';
import { OFFLINE_TOKEN, lockDevice, resumeFollowing, signInOffline, unlockAfterOnlineLogin } from './device';

/** Minutes without use before the app locks: a desk stepping away for a patient comes back to a lock. */
export const IDLE_LOCK_MINUTES = 15;
const IDLE_MS = IDLE_LOCK_MINUTES * 60_000;
const LOCKED_KEY = 'idle-locked';

let locked = typeof localStorage !== 'undefined' && localStorage.getItem(LOCKED_KEY) === '1';
let lastUse = Date.now();
const listeners = new Set<() => void>();

function setLocked(value: boolean): void {
  locked = value;
  if (value) localStorage.setItem(LOCKED_KEY, '1');
  else localStorage.removeItem(LOCKED_KEY);
  for (const l of listeners) l();
}

export function isLocked(): boolean {
  return locked;
}

export function onLockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Someone used the app (a key, a click, a touch, a wheel). */
export function noteUse(now = Date.now()): void {
  lastUse = now;
}

/** Locks when the app has not been used for the idle time; true when it is locked. */
export function lockIfIdle(now = Date.now()): boolean {
  if (!locked && now - lastUse >= IDLE_MS) lock();
  return locked;
}

export function lock(): void {
  lockDevice();
  setLocked(true);
}

export type UnlockAnswer = { ok: true } | { ok: false; message: string };

/** The password typed on the lock: the server checks it, or the device key when the server does not answer. */
export async function unlock(password: string): Promise<UnlockAnswer> {
  const { token, user } = getSession();
  if (!user) return { ok: false, message: translate('errors.unauthenticated') };
  if (token !== OFFLINE_TOKEN) {
    try {
      await api('/auth/tenant/profile/unlock', { method: 'POST', body: { current_password: password }, quiet: true });
      setLocked(false);
      noteUse();
      // As at an online sign-in: the working set opens and follows again.
      void unlockAfterOnlineLogin(user.username, password, user).catch((err: unknown) => console.error('offline working set', err));
      return { ok: true };
    } catch (err) {
      // Refused (a wrong password, too many tries) or the session is over (the login screen follows).
      if (!(err instanceof ApiError) || err.statusCode !== 0) return { ok: false, message: err instanceof ApiError && err.errors?.current_password?.[0] ? err.errors.current_password[0] : err instanceof Error ? err.message : String(err) };
    }
  }
  // No server: the password must open this device's key.
  const answer = await signInOffline(user.username, password);
  if (!answer.ok) return { ok: false, message: translate(answer.reason === 'wrongPassword' ? 'offline.wrongPassword' : answer.reason === 'tooOld' ? 'offline.signInTooOld' : 'offline.notHere') };
  setLocked(false);
  noteUse();
  resumeFollowing();
  return { ok: true };
}

// The session ending (sign-out, expiry, revocation) ends the lock too: the next sign-in starts open.
subscribeSession(() => {
  if (locked && !getSession().token) setLocked(false);
});

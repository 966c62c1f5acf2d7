// This device's working set for the signed-in user (issue 36): the key is unwrapped at an online
// sign-in (the password is at hand only then), the working set is loaded and then followed while
// the session lasts, and the key is dropped when the session ends (sign-out, expiry, a 401).
// Loaded after a clinic sign-in only, so no page's first load carries it.
import { type SessionUser, getSession, subscribeSession } from '../providers/session';
import { newDeviceKey, open, rewrapDeviceKey, seal, unwrapDeviceKey } from './sealing';
import { type DeviceUser, offlineDb, wipeUser } from './store';
import { offlineSignInAllowed } from './signInAge';
import { startFollowing, stopFollowing } from './sync';
import { noteKeyHeld } from './idleWatch';
import { userHash } from './waiting';

export { userHash };

export interface Unlocked {
  uid: string;
  key: CryptoKey;
  user: SessionUser;
}

let unlocked: Unlocked | null = null;

export function deviceState(): Unlocked | null {
  return unlocked;
}

/** What the wrapping binds: the account and its last online sign-in. */
export function bound(record: { uid: string; onlineAt: string }, userId: number): string {
  return `${record.uid}|${userId}|${record.onlineAt}`;
}

/**
 * After a sign-in the server accepted: this user's key (made on the first sign-in here, wrapped
 * again with the new sign-in time otherwise), then the working set follows the server.
 */
export async function unlockAfterOnlineLogin(username: string, password: string, user: SessionUser): Promise<void> {
  const uid = await userHash(username);
  const db = await offlineDb();
  const known = await db.get('users', uid);
  const onlineAt = new Date().toISOString();
  let record: DeviceUser | null = null;
  let key: CryptoKey | null = null;
  if (known) {
    try {
      const stored = await rewrapDeviceKey(known.key, password, bound(known, user.id), bound({ uid, onlineAt }, user.id));
      key = await unwrapDeviceKey(stored, password, bound({ uid, onlineAt }, user.id));
      record = { ...known, userId: user.id, onlineAt, key: stored };
    } catch {
      // The password changed since (or the record was tampered with): start again.
      await wipeUser(uid);
    }
  }
  if (!record || !key) {
    const made = await newDeviceKey(password, bound({ uid, onlineAt }, user.id));
    key = made.key;
    record = { uid, userId: user.id, onlineAt, key: made.stored, user: await seal(made.key, user, `user:${uid}`) };
  } else {
    record.user = await seal(key, user, `user:${uid}`);
  }
  await db.put('users', record);
  unlocked = { uid, key, user };
  noteKeyHeld(true);
  startFollowing(unlocked);
  // What a cut shows (the banner, the lock screen) is fetched now, while the link is up: asked
  // for only when the link is cut, it could not arrive without the installed app's cache.
  void import('./ShellBars').catch(() => undefined);
  void import('./IdleLock').catch(() => undefined);
}

/** Drops the key: the working set stays on the device, sealed, until the next sign-in. */
export function lockDevice(): void {
  unlocked = null;
  noteKeyHeld(false);
  stopFollowing();
}

const OFFLINE_TOKEN_START = 'offline.';
/**
 * The session token of an offline sign-in: the server knows none, and answers 401 once back. Each
 * sign-in has its own: what the device remembers per session (the idle lock, the key's mark) is
 * read by its token, and a bare 'offline' let the next offline sign-in inherit a lock left behind.
 */
export function offlineToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return OFFLINE_TOKEN_START + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
export const isOfflineToken = (token: string | null): boolean => !!token && token.startsWith(OFFLINE_TOKEN_START);

export type OfflineSignIn = { ok: true; user: SessionUser } | { ok: false; reason: 'notHere' | 'tooOld' | 'wrongPassword' };

/**
 * A sign-in while the server does not answer (issue 36 e): only for an account that signed in
 * online on this device within the last 72 hours, and only with its password (which unwraps the
 * key; nothing else checks it). The working set opens; nothing is sent until the link is back.
 */
export async function signInOffline(username: string, password: string, now = new Date()): Promise<OfflineSignIn> {
  const uid = await userHash(username);
  const record = await (await offlineDb()).get('users', uid);
  if (!record) return { ok: false, reason: 'notHere' };
  if (!offlineSignInAllowed(record.onlineAt, now)) return { ok: false, reason: 'tooOld' };
  let key: CryptoKey;
  try {
    key = await unwrapDeviceKey(record.key, password, bound(record, record.userId));
  } catch {
    return { ok: false, reason: 'wrongPassword' };
  }
  const user = await open<SessionUser>(key, record.user, `user:${uid}`);
  unlocked = { uid, key, user };
  noteKeyHeld(true);
  return { ok: true, user };
}

/**
 * The idle lock opened without the server (idleLock.ts): an online session's working set follows
 * the server again (its passes fail until the link is back); an offline sign-in's waits for one.
 */
export function resumeFollowing(): void {
  if (unlocked && !isOfflineToken(getSession().token)) startFollowing(unlocked);
}

// The session ending anywhere (sign-out, expiry, a 401) locks the working set.
subscribeSession(() => {
  if (unlocked && !getSession().token) lockDevice();
});

// This device's working set for the signed-in user (issue 36): the key is unwrapped at an online
// sign-in (the password is at hand only then), the working set is loaded and then followed while
// the session lasts, and the key is dropped when the session ends (sign-out, expiry, a 401).
// Loaded after a clinic sign-in only, so no page's first load carries it.
import { type SessionUser, getSession, subscribeSession } from '../providers/session';
import { newDeviceKey, open, rewrapDeviceKey, seal, unwrapDeviceKey } from './sealing';
import { type DeviceUser, offlineDb, wipeUser } from './store';
import { startFollowing, stopFollowing } from './sync';

export interface Unlocked {
  uid: string;
  key: CryptoKey;
  user: SessionUser;
}

let unlocked: Unlocked | null = null;

export function deviceState(): Unlocked | null {
  return unlocked;
}

/** Which account a record belongs to, without naming it: the origin and the username, hashed. */
export async function userHash(username: string, origin = window.location.origin): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${origin}|${username.trim().toLowerCase()}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
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
      record = { ...known, onlineAt, key: stored };
    } catch {
      // The password changed since (or the record was tampered with): start again.
      await wipeUser(uid);
    }
  }
  if (!record || !key) {
    const made = await newDeviceKey(password, bound({ uid, onlineAt }, user.id));
    key = made.key;
    record = { uid, onlineAt, key: made.stored, user: await seal(made.key, user, `user:${uid}`) };
  } else {
    record.user = await seal(key, user, `user:${uid}`);
  }
  await db.put('users', record);
  unlocked = { uid, key, user };
  startFollowing(unlocked);
}

/** Drops the key: the working set stays on the device, sealed, until the next sign-in. */
export function lockDevice(): void {
  unlocked = null;
  stopFollowing();
}

/** The user kept for an offline sign-in (issue 36 e), opened with the device key. */
export async function keptUser(record: DeviceUser, key: CryptoKey): Promise<SessionUser> {
  return open<SessionUser>(key, record.user, `user:${record.uid}`);
}

// The session ending anywhere (sign-out, expiry, a 401) locks the working set.
subscribeSession(() => {
  if (unlocked && !getSession().token) lockDevice();
});

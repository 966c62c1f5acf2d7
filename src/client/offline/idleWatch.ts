// The idle lock's watch (issue 36), small and free of the device's code so every screen can carry
// it: after IDLE_LOCK_MINUTES without a key, a click or a touch the app locks. Locking drops the
// device key (device.ts, loaded by then if it holds one) and remembers the lock in localStorage
// until the session ends, so reloading the page does not open it. Opening it: idleLock.ts.
import { getSession, subscribeSession } from '../providers/session';

/** Minutes without use before the app locks: a desk stepping away for a patient comes back to a lock. */
export const IDLE_LOCK_MINUTES = 15;
const IDLE_MS = IDLE_LOCK_MINUTES * 60_000;
const LOCKED_KEY = 'idle-locked';

let locked = typeof localStorage !== 'undefined' && localStorage.getItem(LOCKED_KEY) === '1';
let lastUse = Date.now();
const listeners = new Set<() => void>();

export function setLocked(value: boolean): void {
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
  setLocked(true);
  void import('./device').then((m) => m.lockDevice());
}

// The session ending (sign-out, expiry, revocation) ends the lock too: the next sign-in starts open.
subscribeSession(() => {
  if (locked && !getSession().token) setLocked(false);
});

// The idle lock's watch (issue 36), small and free of the device's code so every screen can carry
// it: after IDLE_LOCK_MINUTES without a key, a click or a touch the app locks. Locking drops the
// device key (device.ts, loaded by then if it holds one) and remembers the lock in localStorage
// until the session ends, so reloading the page does not open it. Opening it: idleLock.ts.
//
// The same lock asks for the password when the page was opened again (a reload, the browser
// reopened after a power cut) on a session whose device key this page does not hold: the key
// lives in memory only, and without it the device's copy cannot be read during a cut, nor its
// waiting writes sent. Asked only when it matters, so a reload online with nothing waiting goes on
// as before: when the server does not answer, or when writes wait to be sent (IdleLock.tsx).
// Online, with nothing waiting, a bar offers to give the password so that the device's copy is
// followed again (keyPaused, ShellBars.tsx); the user may choose "later" for this session.
import { getSession, subscribeSession } from '../providers/session';
import { setShellState } from './shellState';

/** Minutes without use before the app locks: a desk stepping away for a patient comes back to a lock. */
export const IDLE_LOCK_MINUTES = 15;
const IDLE_MS = IDLE_LOCK_MINUTES * 60_000;
const LOCKED_KEY = 'idle-locked';
/** The session (its token's end) whose user has a device key on this device (made at a sign-in here). */
const KEY_MARK = 'device-key';
/** The session whose user chose "later" on the bar offering to follow the device's copy again. */
const LATER_KEY = 'device-key-later';
const tokenTag = (token: string | null) => (token ? token.slice(-12) : '');

/** 'resume': asked by the user from the bar (not remembered over a reload, and may be put off). */
export type LockReason = 'idle' | 'reopened' | 'resume';

/**
 * A lock outlives a reload only with the session it locked, and says why as it did: remembered as
 * the session's tag and the reason. It was a bare flag read with any session: a page locked when
 * opened again, whose session then ended without this module hearing of it (signed in again from
 * the sign-in screen, where it is not loaded), locked the next session as soon as it loaded, with
 * the idle lock's words (the offline-outbox browser file's desk found so 25 s into the file).
 */
const lockedMark = (why: LockReason) => `${tokenTag(getSession().token)}|${why}`;
const remembered = typeof localStorage !== 'undefined' ? (localStorage.getItem(LOCKED_KEY) ?? '') : '';
const rememberedReason = remembered.split('|')[1];
let locked = !!getSession().token && (rememberedReason === 'idle' || rememberedReason === 'reopened') && remembered === lockedMark(rememberedReason);
let reason: LockReason = locked ? (rememberedReason as LockReason) : 'idle';
let lastUse = Date.now();
/** Whether this page holds the device key (device.ts says so). */
let keyHeld = false;
const listeners = new Set<() => void>();

export function setLocked(value: boolean, why: LockReason = 'idle'): void {
  locked = value;
  reason = why;
  if (value && why !== 'resume') localStorage.setItem(LOCKED_KEY, lockedMark(why));
  else localStorage.removeItem(LOCKED_KEY);
  for (const l of listeners) l();
  reviewKeyPaused();
}

export function isLocked(): boolean {
  return locked;
}

/** Why the lock shows: time without use, or the page opened again without the key. */
export function lockReason(): LockReason {
  return reason;
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

export function lock(why: LockReason = 'idle'): void {
  setLocked(true, why);
  void import('./device').then((m) => m.lockDevice());
}

/** device.ts: this page holds the session user's device key (true), or dropped it (false). */
export function noteKeyHeld(held: boolean): void {
  keyHeld = held;
  keyComing = false;
  if (held) localStorage.setItem(KEY_MARK, tokenTag(getSession().token));
  reviewKeyPaused();
}

/** The password was just given (idleLock.ts): the key is being opened (a second or so), not missing. */
let keyComing = false;

/** idleLock.ts: the key is being opened from the password (true), or that failed (false). */
export function noteKeyComing(coming: boolean): void {
  keyComing = coming;
  reviewKeyPaused();
}

/** Whether the page has made its first decision about the bar (IdleLock, once the outbox was asked). */
let keyReviewed = false;

/**
 * The bar's state from what holds now: the key missing, not put off for this session, and no lock
 * asking for it already (but the one the bar itself opened, which may be put off). Followed at every
 * change of those once the page has decided the first time, so a copy paused or resumed after the
 * page opened (the link back after a cut met at the opening, a lock put off) is offered or
 * withdrawn; the bar shows the change with the next screen (ShellBars.tsx).
 */
function reviewKeyPaused(): void {
  if (!keyReviewed) return;
  const later = localStorage.getItem(LATER_KEY) === tokenTag(getSession().token);
  setShellState({ keyPaused: keyMissing() && !keyComing && !later && !(locked && reason !== 'resume') });
}

/**
 * The page opened again has looked at its outbox (nothing waits, or a lock asked): the bar is
 * decided from now on. Offered online only (ShellBars): during a cut the lock asks when the copy is needed.
 */
export function noteKeyPaused(): void {
  keyReviewed = true;
  reviewKeyPaused();
}

/** The bar's button: the lock's dialog asks the password (idleLock.ts opens it). */
export function askKey(): void {
  setLocked(true, 'resume');
}

/** "Later": the bar goes until the next sign-in; a cut still asks when the copy is needed. */
export function resumeLater(): void {
  localStorage.setItem(LATER_KEY, tokenTag(getSession().token));
  reviewKeyPaused();
}

/**
 * Whether this page lacks the device key its session has on this device (a page opened again). A
 * new session (a sign-in under way, its key not yet opened) is not one: the mark names its session.
 */
export function keyMissing(): boolean {
  const { token } = getSession();
  return !keyHeld && !!token && localStorage.getItem(KEY_MARK) === tokenTag(token);
}

/**
 * Locks a page opened again without the device key of its session when the key is needed: the
 * server does not answer (the device's copy is all there is), or writes wait to be sent (`waiting`,
 * counted in the outbox: waiting.ts).
 */
export function lockIfKeyNeeded(offline: boolean, waiting = 0): boolean {
  if (!locked && keyMissing() && (offline || waiting > 0)) lock('reopened');
  return locked;
}

// The session ending (sign-out, expiry, revocation) ends the lock too: the next sign-in starts open.
subscribeSession(() => {
  const { token } = getSession();
  if (token) {
    // An offline sign-in opens the key before its session exists: the mark names the session once it does.
    if (keyHeld) localStorage.setItem(KEY_MARK, tokenTag(token));
    return;
  }
  if (locked) setLocked(false);
  localStorage.removeItem(KEY_MARK);
  localStorage.removeItem(LATER_KEY);
  setShellState({ keyPaused: false });
});

// The idle lock's watch on every screen of the clinic app (idleWatch.ts): use of the page is noted,
// and once locked the lock's screen (LockScreen.tsx, loaded then) covers everything. A page opened
// again without its session's device key is locked too when the key is needed (the server does not
// answer and a screen asks for the device's copy, or writes wait to be sent): the password opens it.
import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { isLocked, keyMissing, lockIfIdle, lockIfKeyNeeded, noteKeyPaused, noteUse, onLockChange } from './idleWatch';
import { getSession } from '../providers/session';
import { shellState } from './shellState';

const LockScreen = lazy(() => import('./LockScreen'));

const USE_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
const CHECK_MS = 15_000;
const ASK_OUTBOX_MS = 3_000;

export default function IdleLock() {
  const locked = useSyncExternalStore(onLockChange, isLocked);
  useEffect(() => {
    const used = () => {
      if (!isLocked()) noteUse();
    };
    for (const name of USE_EVENTS) window.addEventListener(name, used, { capture: true, passive: true });
    const timer = setInterval(() => lockIfIdle(), CHECK_MS);
    // Opened while the server does not answer; later, when a screen asks for the device's copy
    // (offline/reader.ts) or writes wait (below).
    lockIfKeyNeeded(shellState().offlineSince !== null);
    // The count noted beside the session may be lost with the power (localStorage reaches the
    // disk later than the outbox): the outbox itself is asked, once the screen has drawn.
    // Then the bar offering the password is decided, and follows every change after (idleWatch.ts):
    // decided only here, a page that met a cut or a lock at this moment never offered it after.
    const asked = setTimeout(() => {
      const username = getSession().user?.username;
      if (isLocked() || !keyMissing() || !username) {
        noteKeyPaused();
        return;
      }
      void import('./waiting')
        .then((m) => m.waitingCount(username))
        .then((n) => {
          // Writes waiting: the lock asks. Else not locked, but offered (the bar, online), so the
          // copy does not go stale until the next sign-in or cut.
          lockIfKeyNeeded(false, n);
          noteKeyPaused();
        }, noteKeyPaused);
    }, ASK_OUTBOX_MS);
    return () => {
      for (const name of USE_EVENTS) window.removeEventListener(name, used, { capture: true });
      clearInterval(timer);
      clearTimeout(asked);
    };
  }, []);
  if (!locked) return null;
  return (
    // Until the screen has loaded, an opaque cover already hides the page.
    <Suspense fallback={<div style={{ position: 'fixed', inset: 0, zIndex: 2000, background: '#f5f5f5' }} />}>
      <LockScreen />
    </Suspense>
  );
}

// The idle lock's watch on every screen of the clinic app (idleWatch.ts): use of the page is noted,
// and once locked the lock's screen (LockScreen.tsx, loaded then) covers everything.
import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { isLocked, lockIfIdle, noteUse, onLockChange } from './idleWatch';

const LockScreen = lazy(() => import('./LockScreen'));

const USE_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
const CHECK_MS = 15_000;

export default function IdleLock() {
  const locked = useSyncExternalStore(onLockChange, isLocked);
  useEffect(() => {
    const used = () => {
      if (!isLocked()) noteUse();
    };
    for (const name of USE_EVENTS) window.addEventListener(name, used, { capture: true, passive: true });
    const timer = setInterval(() => lockIfIdle(), CHECK_MS);
    return () => {
      for (const name of USE_EVENTS) window.removeEventListener(name, used, { capture: true });
      clearInterval(timer);
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

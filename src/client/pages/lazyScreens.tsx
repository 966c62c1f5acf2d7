// The not-found screen, loaded when first shown: it is rare, and antd's Result (with its
// pictures) would otherwise load with every page. Signed in, inside the app's layout (menu and
// header: SPEC, every screen under the layout at /); signed out, in the public frame.
import { Suspense, lazy } from 'react';

const NotFoundScreen = lazy(() => import('./ErrorScreen').then((m) => ({ default: m.NotFoundInApp })));
const PublicNotFoundScreen = lazy(() => import('./ErrorScreen').then((m) => ({ default: m.NotFound })));

/** Inside the signed-in layout (an unknown address, a module the clinic lacks). */
export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  );
}

/** Signed out: the public frame. */
export function PublicNotFound() {
  return (
    <Suspense fallback={null}>
      <PublicNotFoundScreen />
    </Suspense>
  );
}


// The not-found screen as the logged-in app shows it, loaded when first shown: it is rare, and
// antd's Result (with its pictures) would otherwise load with every page.
import { Suspense, lazy } from 'react';

const NotFoundScreen = lazy(() => import('./ErrorScreen').then((m) => ({ default: m.NotFound })));

export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  );
}


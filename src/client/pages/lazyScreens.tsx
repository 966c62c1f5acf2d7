// The not-found and no-access screens as the logged-in app shows them, loaded when first shown:
// they are rare, and antd's Result (with its pictures) would otherwise load with every page.
import { Suspense, lazy } from 'react';

const NotFoundScreen = lazy(() => import('./ErrorScreen').then((m) => ({ default: m.NotFound })));
const ForbiddenScreen = lazy(() => import('./Forbidden').then((m) => ({ default: m.Forbidden })));

export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  );
}

export function Forbidden({ home }: { home: string }) {
  return (
    <Suspense fallback={null}>
      <ForbiddenScreen home={home} />
    </Suspense>
  );
}

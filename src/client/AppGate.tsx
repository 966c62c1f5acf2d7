// Every path the public routes do not take: a page of this host's application opens the
// logged-in application (loaded on demand) for a logged-in user and sends anyone else to login;
// any other path is the not-found screen, inside the app's layout for a signed-in user (PrivateApp)
// and in the public frame for anyone else. Decided from the route table and the in-memory session.
import { lazy, useMemo } from 'react';
import { Navigate, matchPath, useLocation } from 'react-router';
import { appScope } from './host';
import { routesOf } from './engine/nav';
import { loginPath } from './providers/returnPath';
import { callerOf, useSession } from './providers/session';
import { PublicNotFound } from './pages/lazyScreens';

const PrivateApp = lazy(() => import('./PrivateApp'));

export default function AppGate() {
  const { pathname, search, hash } = useLocation();
  const session = useSession();
  const scope = appScope();
  const patterns = useMemo(() => routesOf(scope).map((r) => `/${r.path}`), [scope]);
  if (!callerOf(session)) {
    // Matched only for someone signed out: every route's pattern compiled on each move was a
    // signed-in draw's cost for nothing (issue 41).
    if (!patterns.some((path) => matchPath({ path, end: true }, pathname))) return <PublicNotFound />;
    // Logged out (or the session ended): login, which comes back to this very page.
    return <Navigate to={loginPath(`${pathname}${search}${hash}`)} replace />;
  }
  return <PrivateApp />;
}

// Route guards. Logged out: to login, which returns here afterwards. Refused: a "no access" page
// with the way to the user's home (dashboard, or the role's home on the central app). Decided
// from the in-memory session, never by a request.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { homePath } from '../providers/authProvider';
import { loginPath } from '../providers/returnPath';
import { callerOf, useSession } from '../providers/session';
import { Forbidden, NotFound } from '../pages/lazyScreens';
import { type Rule, allows, moduleOff } from './rules';

export function Guard({ rule, children }: { rule: Rule; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const caller = callerOf(session);
  if (!caller) return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  // A module the clinic does not have: the address names nothing here.
  if (moduleOff(caller, rule)) return <NotFound />;
  if (!allows(caller, rule)) return <Forbidden home={homePath(session.role)} />;
  return <>{children}</>;
}

/** Login and the like: logged-in users are sent to their home. */
export { GuestOnly } from './GuestOnly';

// Route guards. Logged out: to login. Refused: to the user's home (dashboard, or the role's home
// on the central app). Decided from the in-memory session, never by a request.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { homePath } from '../providers/authProvider';
import { callerOf, useSession } from '../providers/session';
import { NotFound } from '../pages/ErrorScreen';
import { type Rule, allows, moduleOff } from './rules';

export function Guard({ rule, children }: { rule: Rule; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const caller = callerOf(session);
  if (!caller) return <Navigate to="/login" replace />;
  // A module the clinic does not have: the address names nothing here.
  if (moduleOff(caller, rule)) return <NotFound />;
  if (!allows(caller, rule)) {
    const home = homePath(session.role);
    if (home === location.pathname) return <NotFound />;
    return <Navigate to={home} replace />;
  }
  return <>{children}</>;
}

/** Login and the like: logged-in users are sent to their home. */
export { GuestOnly } from './GuestOnly';

// Route guards. Logged out: to login, which returns here afterwards. Refused: sent on to the
// user's home, as the specification says of a guard failure (the clinic's dashboard; on the central
// app the dashboard, or settings/locations for a role without it), with a short notice naming the
// page that was not open to them. Decided from the in-memory session, never by a request; the
// API refuses the same with a 403.
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { homePath } from '../providers/authProvider';
import { loginPath } from '../providers/returnPath';
import { toast } from '../providers/notify';
import { callerOf, useSession } from '../providers/session';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { NotFound } from '../pages/lazyScreens';
import { screenTitle } from './documentTitle';
import { type Rule, allows, moduleOff } from './rules';

export function Guard({ rule, children }: { rule: Rule; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const caller = callerOf(session);
  if (!caller) return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  // A module the clinic does not have: the address names nothing here.
  if (moduleOff(caller, rule)) return <NotFound />;
  if (!allows(caller, rule)) return <Refused to={homePath(session.role)} />;
  return <>{children}</>;
}

/** Sends the user on to `to`, saying which page was not open to them. */
function Refused({ to }: { to: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    // The screen's own name (as anyone may read it), not the "No access" its tab title would say.
    const page = screenTitle(appScope(), pathname, t) ?? pathname;
    toast('warning', t('common.notOpenToYou', { page, defaultValue: '“{{page}}” is not open to you' }));
    navigate(to, { replace: true });
    // Once per refusal: the page it was and where it goes.
  }, [pathname, to]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** Login and the like: logged-in users are sent to their home. */
export { GuestOnly } from './GuestOnly';

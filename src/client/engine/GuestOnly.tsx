// Login and the like: logged-in users are sent to their home (or, from a login link that names a
// page of this site, to that page). Apart from Guard.tsx so the public screens do not load the
// access rules and the resource registry.
import { type ReactNode, startTransition, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { homePath } from '../providers/authProvider';
import { afterLogin } from '../providers/returnPath';
import { callerOf, useSession } from '../providers/session';

export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  const to = callerOf(session) ? afterLogin(homePath(session.role), search) : null;
  // Whether this page was on screen before the session came (a login just made here).
  const shown = useRef(false);
  useEffect(() => {
    // As a transition: React draws the signed-in application in slices, yielding to the page,
    // rather than in one task of a second on a phone, while the login page stays on screen.
    if (to) startTransition(() => void navigate(to, { replace: true }));
  }, [to, navigate]);
  if (!to) shown.current = true;
  // Signed in already when this page was opened: nothing of it to show on the way.
  if (to && !shown.current) return null;
  return <>{children}</>;
}

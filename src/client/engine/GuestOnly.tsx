// Login and the like: logged-in users are sent to their home (or, from a login link that names a
// page of this site, to that page). Apart from Guard.tsx so the public screens do not load the
// access rules and the resource registry.
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { homePath } from '../providers/authProvider';
import { afterLogin } from '../providers/returnPath';
import { callerOf, useSession } from '../providers/session';

export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  const to = callerOf(session) ? afterLogin(homePath(session.role), search) : null;
  // Signed in already when this page was opened (not a login made here): nothing of it to show.
  const [signedInOnArrival] = useState(() => to !== null);
  useEffect(() => {
    // The one move after a login (its two steps only sign in): as a transition, React draws the
    // signed-in application in slices, yielding to the page, rather than in one task of half a
    // second on a phone, while the login page stays on screen, its button busy.
    if (to) startTransition(() => void navigate(to, { replace: true }));
  }, [to, navigate]);
  if (to && signedInOnArrival) return null;
  return <>{children}</>;
}

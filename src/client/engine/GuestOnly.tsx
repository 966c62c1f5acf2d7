// Login and the like: logged-in users are sent to their home (or, from a login link that names a
// page of this site, to that page). Apart from Guard.tsx so the public screens do not load the
// access rules and the resource registry.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { homePath } from '../providers/authProvider';
import { afterLogin } from '../providers/returnPath';
import { callerOf, useSession } from '../providers/session';

export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { search } = useLocation();
  if (callerOf(session)) return <Navigate to={afterLogin(homePath(session.role), search)} replace />;
  return <>{children}</>;
}

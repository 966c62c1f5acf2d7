// Login and the like: logged-in users are sent to their home. Apart from Guard.tsx so the public
// screens do not load the access rules and the resource registry.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { homePath } from '../providers/authProvider';
import { callerOf, useSession } from '../providers/session';

export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (callerOf(session)) return <Navigate to={homePath(session.role)} replace />;
  return <>{children}</>;
}

// Who is signed in, read through Refine's auth store (useGetIdentity, issue 35 item 4). The
// authProvider's getIdentity answers from the session (session.ts: it keeps the token across
// reloads and is read by the providers outside React), so the first render already has the user;
// a change of the session (a name saved on the profile, another login) asks Refine again.
import { useEffect } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { type SessionUser, getSession, subscribeSession } from './session';

export function useIdentity(): SessionUser | null {
  const { data, refetch } = useGetIdentity<SessionUser | null>({ queryOptions: { initialData: () => getSession().user } });
  useEffect(() => subscribeSession(() => void refetch()), [refetch]);
  return data ?? null;
}

// The session (token, user, role), kept in localStorage across reloads. Role 4 means logged out.
// Components read it through useSession(); providers through getSession().
// Refine's authProvider keeps no state (useGetIdentity asks it, providers/identity.ts): the session
// is read outside React too (the data provider, the live stream, the offline layer), so it lives here.
import { useSyncExternalStore } from 'react';
import type { Caller, Permission } from '../../shared/access';
import { ROLE_NONE } from '../../shared/roles';
import { appScope } from '../host';
import { storage } from '../storage';
import { forgetReads } from './readAhead';

export interface SessionUser {
  id: number;
  name: string;
  username: string;
  email?: string | null;
  phone?: string | null;
  role: number;
  is_active?: boolean;
  /** The platform's time zone: stored moments are shown in it (engine/instant.ts). */
  time_zone?: string;
  permissions?: Permission[];
  tenant?: { id: number; name: string; subdomain: string; status: number; modules?: string[] };
  /** A support session: one of the platform's staff working in the clinic under its grant. */
  support?: { grant_id: number; read_only: boolean; until: string; central_role: number };
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  role: number;
}

const KEYS = { token: 'token', user: 'user', role: 'role' } as const;
const EMPTY: Session = { token: null, user: null, role: ROLE_NONE };

function read(): Session {
  const s = storage();
  if (!s) return EMPTY;
  const token = s.getItem(KEYS.token);
  if (!token) return EMPTY;
  let user: SessionUser | null;
  try {
    user = JSON.parse(s.getItem(KEYS.user) ?? 'null') as SessionUser | null;
  } catch {
    user = null;
  }
  const role = Number(s.getItem(KEYS.role) ?? user?.role ?? ROLE_NONE);
  return { token, user, role: Number.isInteger(role) ? role : ROLE_NONE };
}

let current: Session = read();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function getSession(): Session {
  return current;
}

export function setSession(next: Partial<Session>): void {
  current = { ...current, ...next };
  if (next.user && next.role === undefined) current.role = next.user.role;
  const s = storage();
  if (s) {
    if (current.token) s.setItem(KEYS.token, current.token);
    else s.removeItem(KEYS.token);
    if (current.user) s.setItem(KEYS.user, JSON.stringify(current.user));
    else s.removeItem(KEYS.user);
    s.setItem(KEYS.role, String(current.role));
  }
  emit();
}

export function clearSession(): void {
  current = EMPTY;
  const s = storage();
  if (s) {
    s.removeItem(KEYS.token);
    s.removeItem(KEYS.user);
    s.setItem(KEYS.role, String(ROLE_NONE));
  }
  forgetReads();
  emit();
}

/** Re-read localStorage (tests, other tabs). */
export function reloadSession(): void {
  current = read();
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function isLoggedIn(session: Session = current): boolean {
  return !!session.token && session.role !== ROLE_NONE;
}

/** The caller as the shared access matrix sees it; null when logged out. */
export function callerOf(session: Session = current): Caller {
  if (!isLoggedIn(session)) return null;
  if (appScope() === 'central') return { scope: 'central', role: session.role };
  return { scope: 'tenant', role: session.role, permissions: session.user?.permissions ?? [], modules: session.user?.tenant?.modules ?? [] };
}

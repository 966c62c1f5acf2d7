// Where login sends the user back to: the page they opened logged out, or were on when their
// session ended (`/login?to=/patients/12`). Only a path of this very site is followed, never
// another origin (`//evil.example`, `https://…`, `/\evil`): no open redirect through login.

const LOGIN = '/login';
const ENDED_KEY = 'session-ended';

/** The path to return to, or null when `raw` is missing or not a path of this origin. */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // Back to login (or a public screen of its own) would loop.
  if (url.pathname === LOGIN || url.pathname === '/') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that returns to `path` (a page of the app) after logging in. */
export function loginPath(path?: string): string {
  if (!path || path === '/' || path.startsWith(LOGIN)) return LOGIN;
  return `${LOGIN}?to=${encodeURIComponent(path)}`;
}

/** The login address for the page the browser shows now (kept as is when already on login). */
export function loginPathHere(): string {
  if (typeof window === 'undefined') return LOGIN;
  const { pathname, search, hash } = window.location;
  if (pathname === LOGIN) return `${pathname}${search}`;
  return loginPath(`${pathname}${search}${hash}`);
}

/**
 * Where a successful login goes: the `to` of the address when it is safe, else `home`. `search`:
 * the address the router shows (a component rendering mid-navigation must not read the browser's,
 * which may already be the next page's and send the user home instead).
 */
export function afterLogin(home: string, search?: string): string {
  if (typeof window === 'undefined') return home;
  return safeReturnPath(new URLSearchParams(search ?? window.location.search).get('to'), window.location.origin) ?? home;
}

// A session the server ended (expired, revoked, signed out elsewhere) is told on the login page
// once; the mark lives for the tab, so a reload of the page still says why.
function tabStorage(): Storage | undefined {
  return typeof globalThis.sessionStorage === 'undefined' ? undefined : globalThis.sessionStorage;
}

export function markSessionEnded(): void {
  tabStorage()?.setItem(ENDED_KEY, '1');
}

export function sessionEnded(): boolean {
  return tabStorage()?.getItem(ENDED_KEY) === '1';
}

export function forgetSessionEnded(): void {
  tabStorage()?.removeItem(ENDED_KEY);
}

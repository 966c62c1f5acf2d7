// Lets non-React code (the HTTP layer) move the router: a component inside the router registers
// its navigate function; without one the browser location is changed.
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: Navigate | null = null;

export function registerNavigate(fn: Navigate | null): void {
  navigateFn = fn;
}

export function goTo(path: string): void {
  if (navigateFn) return navigateFn(path, { replace: true });
  if (typeof window !== 'undefined' && window.location.pathname !== path) window.location.assign(path);
}

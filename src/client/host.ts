// Which face of the app this page is: central on the main host, tenant on a clinic subdomain.
import { type HostKind, resolveHost } from '../shared/host';
import type { Scope } from '../shared/resource';

let override: HostKind | null = null;

export function currentHost(): HostKind {
  if (override) return override;
  return resolveHost(typeof window === 'undefined' ? null : window.location.host);
}

export function appScope(): Scope {
  return currentHost().kind === 'tenant' ? 'tenant' : 'central';
}

/** For unit tests. */
export function setHostOverride(host: HostKind | null): void {
  override = host;
}

// Which face of the app this page is: central on the main host, tenant on a clinic subdomain.
import { type HostKind, resolveHost } from '../shared/host';
import type { Scope } from '../shared/resource';

let override: HostKind | null = null;

// Resolved once per host: asked by every list cell and button's draw (issue 41).
let resolved: { host: string | null; kind: HostKind } | null = null;

export function currentHost(): HostKind {
  if (override) return override;
  const host = typeof window === 'undefined' ? null : window.location.host;
  if (resolved?.host !== host) resolved = { host, kind: resolveHost(host) };
  return resolved.kind;
}

export function appScope(): Scope {
  return currentHost().kind === 'tenant' ? 'tenant' : 'central';
}

/** For unit tests. */
export function setHostOverride(host: HostKind | null): void {
  override = host;
}

/**
 * The platform's main site (its central host) seen from here: a clinic's subdomain dropped
 * (demo.localhost:3000 -> localhost:3000, demo.example.com -> example.com), same scheme and port.
 */
export function mainSiteUrl(location: { protocol: string; host: string } = window.location): string {
  const host = currentHost();
  if (host.kind !== 'tenant') return `${location.protocol}//${location.host}/`;
  const rest = location.host.split('.').slice(1).join('.');
  return `${location.protocol}//${rest}/`;
}

// The one rule deciding which application a host serves (docs/architecture.md#host-to-application-and-clinic), used by the server
// to resolve the tenant and by the client to pick the application.

export type HostKind = { kind: 'central' } | { kind: 'tenant'; subdomain: string };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function resolveHost(rawHost: string | undefined | null): HostKind {
  if (!rawHost) return { kind: 'central' };
  let host = rawHost.trim().toLowerCase();
  if (host.startsWith('[')) return { kind: 'central' }; // IPv6 literal
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (IPV4.test(host)) return { kind: 'central' };
  const labels = host.split('.').filter(Boolean);
  const isLocal = labels[labels.length - 1] === 'localhost';
  // localhost, example.com: no subdomain. demo.localhost, demo.example.com: subdomain "demo".
  const baseLength = isLocal ? 1 : 2;
  if (labels.length <= baseLength) return { kind: 'central' };
  const sub = labels[0];
  if (sub === 'www') return { kind: 'central' };
  return { kind: 'tenant', subdomain: sub };
}

/** Subdomains that can never belong to a clinic. */
export const RESERVED_SUBDOMAINS = ['www', 'api', 'admin', 'app', 'mail', 'static', 'assets', 'central', 'localhost'];
export const SUBDOMAIN_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$';

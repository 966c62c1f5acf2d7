// Start-up (docs/architecture.md#the-clients-shells): on a clinic host the tenant check, the landing data and,
// for a stored session, the user's data again, all asked at once: on a 150 ms link the check
// asked first held every other start-up request a round trip (issue 41). The first screen waits
// for the check only. Failures are ignored.
import { currentHost } from './host';
import { refreshUser } from './providers/authProvider';
import { getSession } from './providers/session';
import { READ_TIMEOUT_MS, requestHeaders } from './providers/http';
import { readAhead } from './providers/readAhead';
import { loadLandingPage } from './providers/landing';
import { checkTenant } from './providers/tenantData';

export interface StartupResult {
  tenantExists: boolean;
}

export async function startup(): Promise<StartupResult> {
  // First of all, the page's own first reads (providers/readAhead.ts): the browser sends at most
  // six requests at once to a host, and the start-up's eight would hold them a round trip.
  const { token, user } = getSession();
  if (token && user) readAhead(user.id, requestHeaders(), READ_TIMEOUT_MS);
  const tenant = currentHost().kind === 'tenant';
  const check = tenant ? checkTenant() : null;
  // A clinic that does not exist answers these with errors, which are ignored; its screen says so.
  if (tenant) void loadLandingPage('clinic');
  if (getSession().token) void refreshUser(true).catch(() => undefined);
  return { tenantExists: (await check) !== false };
}

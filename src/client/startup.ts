// Start-up (docs/architecture.md#the-clients-shells): on a clinic host the tenant check, the landing data and,
// for a stored session, the user's data again, all asked at once: on a 150 ms link the check
// asked first held every other start-up request a round trip (issue 41). The first screen waits
// for the check only. Failures are ignored.
import { currentHost } from './host';
import { refreshUser } from './providers/authProvider';
import { getSession } from './providers/session';
import { loadLandingPage } from './providers/landing';
import { checkTenant } from './providers/tenantData';

export interface StartupResult {
  tenantExists: boolean;
}

export async function startup(): Promise<StartupResult> {
  const tenant = currentHost().kind === 'tenant';
  const check = tenant ? checkTenant() : null;
  // A clinic that does not exist answers these with errors, which are ignored; its screen says so.
  if (tenant) void loadLandingPage('clinic');
  if (getSession().token) void refreshUser(true).catch(() => undefined);
  return { tenantExists: (await check) !== false };
}

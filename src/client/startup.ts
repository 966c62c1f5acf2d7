// Start-up (docs/architecture.md#the-clients-shells): on a clinic host, the tenant check, then (if it exists) the
// landing data and, for a stored session, the user's data again. Failures are ignored.
import { currentHost } from './host';
import { refreshUser } from './providers/authProvider';
import { getSession } from './providers/session';
import { loadLandingPage } from './providers/landing';
import { checkTenant } from './providers/tenantData';

export interface StartupResult {
  tenantExists: boolean;
}

export async function startup(): Promise<StartupResult> {
  let tenantExists = true;
  if (currentHost().kind === 'tenant') {
    const exists = await checkTenant();
    tenantExists = exists !== false;
    if (tenantExists) void loadLandingPage('clinic');
  }
  if (tenantExists && getSession().token) void refreshUser(true).catch(() => undefined);
  return { tenantExists };
}

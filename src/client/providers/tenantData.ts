// Clinic data loaded at start-up and after login (docs/architecture.md#the-clients-shells): the tenant check,
// then agreements, the permission catalogue, invoice settings, services and the clinic's
// settings. Each answer goes into the query cache under the key a screen reads it by
// (useApiGet), so the screen opens with it instead of asking again; the currency is applied.
// Every load is quiet: a failure is ignored (the screen asks again when opened).
import { api } from './http';
import { setClinicCurrency } from './currency';

// (Not the notifications: the header bell asks for them itself, providers/bell.ts.)
export const STARTUP_PATHS = ['/central/aggrements', '/permissions', '/settings/invoice', '/dashboard/services', '/settings/clinic'] as const;

/** A background load gives up after this long: a hanging server must not hold the app's start (issue 36). */
export const QUIET_TIMEOUT_MS = 8000;

async function quiet<T>(path: string, timeoutMs = QUIET_TIMEOUT_MS): Promise<T | undefined> {
  try {
    return await api<T>(path, { quiet: true, timeoutMs });
  } catch {
    return undefined;
  }
}

/** GET /tenant-check; null when the check itself failed (the app mounts anyway). */
export async function checkTenant(): Promise<boolean | null> {
  // Shorter than other loads: the first screen waits for it.
  const body = await quiet<{ exists?: boolean }>('/tenant-check', 4000);
  return typeof body?.exists === 'boolean' ? body.exists : null;
}

/** Initial data for a logged-in clinic user, into the query cache. */
export async function loadTenantData(): Promise<void> {
  // Asked for before the query cache's code is loaded (a dynamic import), not after it.
  const answers = STARTUP_PATHS.map(async (path) => [path, await quiet<Record<string, unknown>>(path)] as const);
  const { customGetKey, queryClient } = await import('./queryClient');
  await Promise.all(
    answers.map(async (answer) => {
      const [path, body] = await answer;
      if (body === undefined) return;
      // The shape Refine's useCustom keeps: the data provider's { data: <the answer> }.
      queryClient.setQueryData(customGetKey(path), { data: body });
      // Every amount on the clinic's screens is shown in its currency.
      if (path === '/settings/clinic') setClinicCurrency((body.data as { currency?: unknown } | undefined)?.currency);
    }),
  );
}

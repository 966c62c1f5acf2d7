// Clinic data loaded at start-up and after login (SPEC.md sections 1 and 4): tenant check,
// agreements, permission catalogue, invoice settings, services, notifications, the clinic's
// settings (its currency).
// Every load is quiet: a failure (some of these endpoints may not exist yet) is ignored.
import { useSyncExternalStore } from 'react';
import type { Permission } from '../../shared/access';
import { api } from './http';
import { setClinicCurrency } from './currency';

export interface TenantData {
  exists: boolean | null;
  aggrements: unknown[];
  permissions: Permission[];
  invoice: unknown;
  services: { locations: unknown[]; links: unknown[] };
  notifications: unknown[];
}

let state: TenantData = {
  exists: null,
  aggrements: [],
  permissions: [],
  invoice: null,
  services: { locations: [], links: [] },
  notifications: [],
};
const listeners = new Set<() => void>();

function update(patch: Partial<TenantData>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function getTenantData(): TenantData {
  return state;
}

export function useTenantData(): TenantData {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTenantData,
    getTenantData,
  );
}

async function quiet<T>(path: string): Promise<T | undefined> {
  try {
    return await api<T>(path, { quiet: true });
  } catch {
    return undefined;
  }
}

/** GET /tenant-check; null when the check itself failed (the app mounts anyway). */
export async function checkTenant(): Promise<boolean | null> {
  const body = await quiet<{ exists?: boolean }>('/tenant-check');
  const exists = typeof body?.exists === 'boolean' ? body.exists : null;
  update({ exists });
  return exists;
}

/** Initial data for a logged-in clinic user. */
export async function loadTenantData(): Promise<void> {
  const [aggrements, permissions, invoice, services, notifications, settings] = await Promise.all([
    quiet<{ aggrements?: unknown[] }>('/central/aggrements'),
    quiet<{ permissions?: Permission[] }>('/permissions'),
    quiet<{ data?: unknown }>('/settings/invoice'),
    quiet<{ locations?: unknown[]; links?: unknown[] }>('/dashboard/services'),
    quiet<{ notifications?: unknown[] }>('/dashboard/notifications'),
    quiet<{ data?: { currency?: unknown } }>('/settings/clinic'),
  ]);
  // Every amount on the clinic's screens is shown in its currency.
  setClinicCurrency(settings?.data?.currency);
  update({
    aggrements: aggrements?.aggrements ?? [],
    permissions: permissions?.permissions ?? [],
    invoice: invoice?.data ?? invoice ?? null,
    services: { locations: services?.locations ?? [], links: services?.links ?? [] },
    notifications: notifications?.notifications ?? [],
  });
}

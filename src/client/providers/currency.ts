// The currency money is shown in: on the main host the platform's, on a clinic's host the clinic's
// own setting (GET /settings/clinic, loaded with the start-up data and after a change). Components
// read it through useCurrency, so a change re-renders every amount on screen.
// Not a query: it comes with the start-up data, before the query cache exists, and every amount
// reads it synchronously while drawing (MoneyText, MoneyInput), with no loading state of its own.
import { useSyncExternalStore } from 'react';
import { type Currency, DEFAULT_CURRENCY, PLATFORM_CURRENCY, isCurrency } from '../../shared/money';
import { appScope } from '../host';

let clinicCurrency: Currency = DEFAULT_CURRENCY;
const listeners = new Set<() => void>();

/** The currency of this application's own money (a clinic's accounts, or the platform's prices). */
export function getCurrency(): Currency {
  return appScope() === 'tenant' ? clinicCurrency : PLATFORM_CURRENCY;
}

export function setClinicCurrency(value: unknown): void {
  const next = isCurrency(value) ? value : DEFAULT_CURRENCY;
  if (next === clinicCurrency) return;
  clinicCurrency = next;
  for (const l of listeners) l();
}

export function useCurrency(): Currency {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getCurrency,
    getCurrency,
  );
}

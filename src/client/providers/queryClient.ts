// The one query cache of the app, Refine's: its data hooks keep their answers here, and the
// clinic's start-up data (tenantData.ts) is put here under the keys the screens read it by.
// Loaded on demand by the login's code (a dynamic import): the login page carries no query library.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/**
 * The key under which Refine's useCustom (our useApiGet) keeps a GET of `url` without a query:
 * Refine's `keys().data().mutation('custom').params({ method, url }).get()`, written out so the
 * login page need not load Refine (tests/unit/authProvider.test.ts holds it to Refine's).
 */
export function customGetKey(url: string): readonly unknown[] {
  return ['data', 'default', 'custom', { method: 'get', url }];
}

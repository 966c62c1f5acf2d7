// The one query cache of the app, Refine's: its data hooks keep their answers here, and the
// clinic's start-up data (tenantData.ts) is put here under the keys the screens read it by.
import { keys } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** The key under which Refine's useCustom (our useApiGet) keeps a GET of `url` without a query. */
export function customGetKey(url: string): readonly unknown[] {
  return keys().data().mutation('custom').params({ method: 'get', url }).get();
}

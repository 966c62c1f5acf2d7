// The counts a declaration's menu entry shows (ResourceDef.menu.badge): its records holding the
// badge's values, read through the list's filter (`per_page=1`, the answer's total) in Refine's
// query cache, and read again when the live stream says the resource changed. The menu and any
// screen showing the same count (the central dashboard's pending requests) share the one answer.
import type { ResourceDef } from '../../shared/resource';
import { useApiGet } from './useApiGet';

const queries = new Map<string, Record<string, string | number>>();
function badgeQuery(def: ResourceDef): Record<string, string | number> {
  let query = queries.get(def.name);
  if (!query) {
    query = { ...Object.fromEntries(Object.entries(def.menu?.badge ?? {}).map(([field, value]) => [`filter[${field}]`, String(value)])), per_page: 1 };
    queries.set(def.name, query);
  }
  return query;
}

/** The URL an action names in `refreshes` to have the count read again. */
export const badgeUrl = (def: ResourceDef) => `/${def.path}`;

export function useBadgeCount(def: ResourceDef): number {
  const { data } = useApiGet<{ meta?: { total?: number } }>(badgeUrl(def), badgeQuery(def), true, [def.name], true);
  return data?.meta?.total ?? 0;
}

// The counts a declaration's menu entry shows (ResourceDef.menu.badge): its records holding the
// badge's values, read through the list's filter (`per_page=1`, the answer's total) and read again
// when the live stream says the resource changed. One store per resource, shared by the menu and
// any screen showing the same count (the central dashboard's pending requests).
import type { ResourceDef } from '../../shared/resource';
import { customRequest } from '../providers/custom';
import { type LiveStore, createLiveStore } from '../providers/liveStore';

const stores = new Map<string, LiveStore<number>>();

export function badgeStore(def: ResourceDef): LiveStore<number> {
  let store = stores.get(def.name);
  if (!store) {
    const query: Record<string, string | number> = { ...Object.fromEntries(Object.entries(def.menu?.badge ?? {}).map(([field, value]) => [`filter[${field}]`, String(value)])), per_page: 1 };
    // The data provider's custom call (the store lives outside React, so not through useCustom).
    store = createLiveStore(
      async () => (await customRequest<{ meta?: { total?: number } }>({ url: `/${def.path}`, method: 'get', query, meta: { quiet: true } })).data.meta?.total ?? 0,
      0,
      [def.name],
    );
    stores.set(def.name, store);
  }
  return store;
}

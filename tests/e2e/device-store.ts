// What a device keeps for working through a cut, read from its IndexedDB (src/client/offline/store.ts):
// the keys of the kept rows name a resource and an id in plain, their values are sealed.
import type { Page } from 'playwright-core';

/** The kept rows' [resource, id] pairs; none before the first sync made the store. */
export function keptRows(page: Page): Promise<[string, number][]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'clinic-offline')) return [];
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('clinic-offline');
      req.onsuccess = () => resolve(req.result);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const req = db.transaction('rows').objectStore('rows').getAllKeys();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return keys.flatMap((k) => (Array.isArray(k) ? [[String(k[1]), Number(k[2])] as [string, number]] : []));
  });
}

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

/** How many records each of the device's stores holds, and the device's own id (none: null). */
export function deviceStores(page: Page): Promise<{ counts: Record<string, number>; deviceId: string | null }> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'clinic-offline')) return { counts: {}, deviceId: null };
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('clinic-offline');
      req.onsuccess = () => resolve(req.result);
    });
    const counts: Record<string, number> = {};
    let deviceId: string | null = null;
    for (const name of Array.from(db.objectStoreNames)) {
      const values = await new Promise<unknown[]>((resolve) => {
        const req = db.transaction(name).objectStore(name).getAll();
        req.onsuccess = () => resolve(req.result);
      });
      counts[name] = values.length;
      if (name === 'device') deviceId = (values as { name: string; value: string }[]).find((v) => v.name === 'id')?.value ?? null;
    }
    db.close();
    return { counts, deviceId };
  });
}

/** Whether the device has finished a sync pass for someone (its time is kept, sealed, under meta). */
export function syncedOnce(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'clinic-offline')) return false;
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('clinic-offline');
      req.onsuccess = () => resolve(req.result);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const req = db.transaction('meta').objectStore('meta').getAllKeys();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return keys.some((k) => Array.isArray(k) && k[1] === 'syncedAt');
  });
}

/** Goes to a path inside the app, as its links do (a reload would drop the device key). */
export async function goWithin(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

// What a device keeps for working through a cut, read from its IndexedDB (src/client/offline/store.ts):
// the keys of the kept rows name a resource and an id in plain, their values are sealed.
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD } from './browser';

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

/** Signs in at `origin` (a cut test's proxy address) and waits for the dashboard. */
export async function signInAt(page: Page, origin: string, username: string, password = PASSWORD): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 25_000 });
}

/**
 * The app opened again from its start address in a new page of the same profile (the device), the
 * old page closed with its key, and the session gone: the sign-in screen, to sign in offline.
 */
export async function reopenAtLogin(context: BrowserContext, page: Page, origin: string): Promise<Page> {
  const again = await context.newPage();
  await page.close();
  await again.goto(`${origin}/dashboard`);
  await again.evaluate(() => localStorage.removeItem('token'));
  await again.goto(`${origin}/login`);
  return again;
}

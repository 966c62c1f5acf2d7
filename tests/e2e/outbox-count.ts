// How many changes the device's outbox holds (IndexedDB), as the offline browser tests read it.
import type { Page } from 'playwright-core';

export function outboxCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('clinic-offline');
      req.onsuccess = () => resolve(req.result);
    });
    const count = await new Promise<number>((resolve) => {
      const req = db.transaction('outbox').objectStore('outbox').count();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return count;
  });
}

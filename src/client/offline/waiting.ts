// What a page opened again without its device key can know of the device (idleWatch.ts, the lock's
// screen): whose records are whose (a user's hash, in plain in the stores' keys) and how many of a
// user's writes wait in the outbox. Small and free of the offline layer's code (idb, sealing), so
// asking does not load it; read from IndexedDB, which is on disk before "Saved" shows, while what
// localStorage was given last may be lost with the power.
const DB_NAME = 'clinic-offline';

/** Which account a record belongs to, without naming it: the origin and the username, hashed. */
export async function userHash(username: string, origin = window.location.origin): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${origin}|${username.trim().toLowerCase()}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How many of the user's writes wait in this device's outbox (0 when it keeps none). */
export async function waitingCount(username: string): Promise<number> {
  const known = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
  if (!known.some((d) => d.name === DB_NAME)) return 0;
  const uid = await userHash(username);
  return new Promise((resolve) => {
    const req = indexedDB.open(DB_NAME);
    // Never made here: the offline layer makes the database with its stores.
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onerror = () => resolve(0);
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('outbox')) {
        db.close();
        resolve(0);
        return;
      }
      const count = db.transaction('outbox').objectStore('outbox').index('byUser').count(uid);
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => resolve(0);
      db.close();
    };
  });
}

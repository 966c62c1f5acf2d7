// The device's IndexedDB (issue 36; issue 37 adds its outbox): per user of the device, the
// wrapped device key, the sealed records of the working set and the sealed writes waiting. Keys name only a user's hash, a
// resource and an id; every value a person could read is sealed (sealing.ts).
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Sealed, WrappedKey } from './sealing';

export const DB_NAME = 'clinic-offline';

export interface DeviceUser {
  /** sha256 of the origin and the username: which account, without naming it. */
  uid: string;
  /** The account's id (bound into the key's wrapping with the time below). */
  userId: number;
  /** When this user last signed in online here (ISO): bound into the key's wrapping. */
  onlineAt: string;
  key: WrappedKey;
  /** The session's user as the server gave it, for a sign-in without the server. */
  user: Sealed;
}

export interface SealedRow {
  uid: string;
  resource: string;
  id: number;
  sealed: Sealed;
}

/** An entry of the outbox (outbox.ts), sealed; its number is its place in the order of sending. */
export interface SealedEntry {
  seq?: number;
  uid: string;
  /** The entry's Idempotency-Key, a random UUID: the label its seal is bound to. */
  key: string;
  sealed: Sealed;
}

export interface SealedMeta {
  uid: string;
  name: string;
  sealed: Sealed;
}

interface OfflineSchema extends DBSchema {
  users: { key: string; value: DeviceUser };
  rows: { key: [string, string, number]; value: SealedRow; indexes: { byResource: [string, string] } };
  meta: { key: [string, string]; value: SealedMeta };
  outbox: { key: number; value: SealedEntry; indexes: { byUser: string } };
  /** The device's own id (X-Device-Id): not a secret, the same for every user of the device. */
  device: { key: string; value: { name: string; value: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | null = null;

export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('users', { keyPath: 'uid' });
        const rows = db.createObjectStore('rows', { keyPath: ['uid', 'resource', 'id'] });
        rows.createIndex('byResource', ['uid', 'resource']);
        db.createObjectStore('meta', { keyPath: ['uid', 'name'] });
      }
      // Issue 37: the writes waiting for the server, numbered in the order they were made.
      if (oldVersion < 2) {
        db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('byUser', 'uid');
        db.createObjectStore('device', { keyPath: 'name' });
      }
    },
    // Another tab opened a newer version: let it, this one reopens on its next use.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/**
 * Everything kept for a user (a password changed elsewhere, a revoked device), their waiting
 * writes too: sealed under a key that is gone, nobody could open them again.
 */
export async function wipeUser(uid: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['users', 'rows', 'meta', 'outbox'], 'readwrite');
  const waiting = await tx.objectStore('outbox').index('byUser').getAllKeys(uid);
  await Promise.all([
    tx.objectStore('users').delete(uid),
    tx.objectStore('rows').delete(IDBKeyRange.bound([uid, '', 0], [uid, '\uffff', Infinity])),
    tx.objectStore('meta').delete(IDBKeyRange.bound([uid, ''], [uid, '\uffff'])),
    ...waiting.map((seq) => tx.objectStore('outbox').delete(seq)),
    tx.done,
  ]);
}

/**
 * Everything the device keeps, for every user, its id too (a revoked device, issue 36): the next
 * sign-in starts as a new device.
 */
export async function wipeDevice(): Promise<void> {
  const db = await offlineDb();
  const stores = ['users', 'rows', 'meta', 'outbox', 'device'] as const;
  const tx = db.transaction([...stores], 'readwrite', { durability: 'strict' });
  await Promise.all([...stores.map((name) => tx.objectStore(name).clear()), tx.done]);
}

/** The user's rows of one resource are replaced by these (a first load). */
export async function replaceRows(uid: string, resource: string, rows: SealedRow[], first: boolean): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('rows', 'readwrite');
  const store = tx.objectStore('rows');
  if (first) await store.delete(IDBKeyRange.bound([uid, resource, 0], [uid, resource, Infinity]));
  for (const row of rows) void store.put(row);
  await tx.done;
}

/** Changes from the feed: rows put, tombstones deleted, in one transaction. */
export async function applyRows(put: SealedRow[], drop: { uid: string; resource: string; id: number }[]): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('rows', 'readwrite');
  for (const row of put) void tx.store.put(row);
  for (const d of drop) void tx.store.delete([d.uid, d.resource, d.id]);
  await tx.done;
}

export async function userRows(uid: string, resource: string): Promise<SealedRow[]> {
  return (await offlineDb()).getAllFromIndex('rows', 'byResource', [uid, resource]);
}

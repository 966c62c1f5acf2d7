// Envelope encryption: every clinic has its own data key (AES-256), kept in `tenant_keys` wrapped
// by the master key (AES-256-GCM), unwrapped once per process and kept in memory. Clinic data is
// sealed with AES-256-GCM under its clinic's key, bound (additional data) to where it belongs, so a
// value copied into another column or clinic does not open. Destroying a clinic's key makes every
// copy of its data unreadable, backups included.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { MasterKey } from './master-key';

const IV = 12;
const TAG = 16;

/** iv | tag | ciphertext */
export function seal(key: Buffer, context: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, context: string, sealed: Buffer): Buffer {
  if (sealed.length < IV + TAG) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
}

/** Where a clinic's file is bound when sealed: its clinic and its place on disk. */
export const fileContext = (tenantId: number, storageKey: string) => `upload:${tenantId}:${storageKey}`;

/** A data key under a master key: `<master id>:<base64>`. */
export function wrapKey(master: MasterKey, tenantId: number, dataKey: Buffer): string {
  return `${master.id}:${seal(master.key, `tenant-key:${tenantId}`, dataKey).toString('base64')}`;
}

export function unwrapKey(master: MasterKey, tenantId: number, wrapped: string): Buffer {
  const [id, body] = wrapped.split(':');
  if (id !== master.id) throw new Error(`clinic ${tenantId}'s key is wrapped by master key ${id}, not the configured ${master.id}`);
  return open(master.key, `tenant-key:${tenantId}`, Buffer.from(body, 'base64'));
}

export class KeyRing {
  private readonly keys = new Map<number, Buffer>();

  constructor(readonly master: MasterKey) {}

  /**
   * The clinic's data key, created on first use. `db` may be the clinic's open transaction (as its
   * app role: row-level security shows it its own key only). A key this call creates is not kept
   * in memory until it is read back committed: if the transaction rolls back, so does the key, and
   * nothing sealed with it survived either.
   */
  async keyOf(db: Kysely<Database>, tenantId: number): Promise<Buffer> {
    const known = this.keys.get(tenantId);
    if (known) return known;
    const { rows } = await sql<{ wrapped: string }>`select wrapped from tenant_keys where tenant_id = ${tenantId}`.execute(db);
    if (rows[0]) {
      const key = unwrapKey(this.master, tenantId, rows[0].wrapped);
      this.keys.set(tenantId, key);
      return key;
    }
    // Two transactions may create one at once: the second waits for the first and reads its key.
    await sql`insert into tenant_keys (tenant_id, wrapped) values (${tenantId}, ${wrapKey(this.master, tenantId, randomBytes(32))})
      on conflict (tenant_id) do nothing`.execute(db);
    const { rows: created } = await sql<{ wrapped: string }>`select wrapped from tenant_keys where tenant_id = ${tenantId}`.execute(db);
    return unwrapKey(this.master, tenantId, created[0].wrapped);
  }

  /** Reads the clinic's key into memory if it has one (never makes one): what `keyOf` then answers at once. */
  async load(db: Kysely<Database>, tenantId: number): Promise<void> {
    if (this.keys.has(tenantId)) return;
    const { rows } = await sql<{ wrapped: string }>`select wrapped from tenant_keys where tenant_id = ${tenantId}`.execute(db);
    if (rows[0]) this.keys.set(tenantId, unwrapKey(this.master, tenantId, rows[0].wrapped));
  }

  /** Gives every clinic without a key one (at start: clinics made before encryption, or by the seed). */
  async ensureAll(db: Kysely<Database>): Promise<void> {
    const { rows } = await sql<{ id: number }>`select id from tenants t where not exists (select 1 from tenant_keys k where k.tenant_id = t.id)`.execute(db);
    for (const { id } of rows) await this.keyOf(db, Number(id));
  }

  /**
   * The keyed hash a lookup field keeps beside its sealed value (derived from the clinic's key, so
   * equal values in two clinics do not match): exact matches only, after light normalizing
   * (case, spaces and dashes, Arabic-Indic digits).
   */
  async lookupHash(db: Kysely<Database>, tenantId: number, column: string, value: string): Promise<string> {
    const key = await this.derivedKey(db, tenantId, `lookup:${column}`);
    return createHmac('sha256', key).update(normalizeForLookup(value)).digest('base64url');
  }

  /**
   * A key of the clinic's for one use (`label`), derived from its data key by HKDF-SHA256: nothing
   * more is stored, it survives a change of master key (the data key is only re-wrapped) and is
   * gone with the clinic's key.
   */
  async derivedKey(db: Kysely<Database>, tenantId: number, label: string): Promise<Buffer> {
    return Buffer.from(hkdfSync('sha256', await this.keyOf(db, tenantId), Buffer.alloc(0), label, 32));
  }

  /** Destroys the clinic's key (its data, everywhere, is unreadable from now on). */
  async destroy(db: Kysely<Database>, tenantId: number): Promise<void> {
    await sql`delete from tenant_keys where tenant_id = ${tenantId}`.execute(db);
    this.keys.delete(tenantId);
  }
}

/** What makes two typed values the same for a lookup: "12-345 ٦٧" is "1234567". */
export function normalizeForLookup(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s\-_./]+/g, '')
    .toLowerCase();
}

/**
 * The key that seals platform users' second-factor secrets (auth/mfa.ts). Platform staff belong to
 * no clinic, so no clinic's data key fits; HKDF-SHA256 derives a separate key from the master key
 * under its own label, independent of the master key as far as anyone without it can tell, so the
 * master key itself still seals nothing but clinic keys. It changes with the master key: rewrapKeys
 * re-seals those secrets in the same transaction as the clinic keys.
 */
export function centralSecretKey(master: MasterKey): Buffer {
  return Buffer.from(hkdfSync('sha256', master.key, Buffer.alloc(0), 'central-account-secrets', 32));
}

/** Where a platform user's TOTP secret is bound: its table and user. */
export const centralSecretContext = (userId: number) => `user_mfa.secret:${userId}`;

/** A platform user's secret sealed: `<master id>:<base64>` (the id names the master key it depends on). */
export function sealCentralSecret(master: MasterKey, userId: number, plain: Buffer): string {
  return `${master.id}:${seal(centralSecretKey(master), centralSecretContext(userId), plain).toString('base64')}`;
}

export function openCentralSecret(master: MasterKey, userId: number, sealed: string): Buffer {
  const [id, body] = sealed.split(':');
  if (id !== master.id) throw new Error(`user ${userId}'s second factor is sealed under master key ${id}, not the configured ${master.id}`);
  return open(centralSecretKey(master), centralSecretContext(userId), Buffer.from(body, 'base64'));
}

/**
 * Re-wraps every clinic's data key under `next` (the data itself is untouched), in one
 * transaction: either every key moves to the new master key or none does. Returns how many.
 * Platform users' second-factor secrets, sealed under a key derived from the master key, are
 * re-sealed with them.
 */
export async function rewrapKeys(db: Kysely<Database>, current: MasterKey, next: MasterKey): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ tenant_id: number; wrapped: string }>`select tenant_id, wrapped from tenant_keys for update`.execute(trx);
    for (const row of rows) {
      const tenantId = Number(row.tenant_id);
      if (row.wrapped.startsWith(`${next.id}:`)) continue;
      const wrapped = wrapKey(next, tenantId, unwrapKey(current, tenantId, row.wrapped));
      await sql`update tenant_keys set wrapped = ${wrapped} where tenant_id = ${tenantId}`.execute(trx);
    }
    const { rows: secrets } = await sql<{ user_id: number; secret_sealed: string }>`select user_id, secret_sealed from user_mfa for update`.execute(trx);
    for (const row of secrets) {
      const userId = Number(row.user_id);
      if (row.secret_sealed.startsWith(`${next.id}:`)) continue;
      const sealed = sealCentralSecret(next, userId, openCentralSecret(current, userId, row.secret_sealed));
      await sql`update user_mfa set secret_sealed = ${sealed} where user_id = ${userId}`.execute(trx);
    }
    return rows.length;
  });
}

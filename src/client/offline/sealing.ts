// The sealing of a device's working set (issue 36), WebCrypto only. Each user of a device has a
// key of their own (AES-GCM 256, the "device key") that seals every record kept for them; it is
// stored only wrapped under a key derived from the user's password (PBKDF2-SHA256, OWASP's
// minimum of 600,000 iterations), and unwrapped at sign-in into a non-extractable key held in
// memory. The wrapping binds the account and the time of the last online sign-in as additional
// data, so neither can be changed in storage without the unwrapping failing (the 72-hour rule
// for offline sign-in rests on it). A wrong password fails the unwrapping: nothing else checks it.

export const PBKDF2_ITERATIONS = 600_000;

export interface WrappedKey {
  salt: Uint8Array;
  iv: Uint8Array;
  iterations: number;
  wrapped: ArrayBuffer;
}

export interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function random(bytes: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(bytes));
}

/** The key that wraps a user's device key, from their password. */
async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, ['wrapKey', 'unwrapKey']);
}

/**
 * A new device key for a user, wrapped under their password with `bound` as additional data, and
 * the same key as it is used: not extractable.
 */
export async function newDeviceKey(password: string, bound: string, iterations = PBKDF2_ITERATIONS): Promise<{ key: CryptoKey; stored: WrappedKey }> {
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const stored = await wrapDeviceKey(fresh, password, bound, iterations);
  // Only the wrapped copy could ever be exported; what is used from here on cannot.
  return { key: await unwrapDeviceKey(stored, password, bound), stored };
}

async function wrapDeviceKey(key: CryptoKey, password: string, bound: string, iterations: number): Promise<WrappedKey> {
  const salt = random(16);
  const iv = random(12);
  const kek = await passwordKey(password, salt, iterations);
  const wrapped = await crypto.subtle.wrapKey('raw', key, kek, { name: 'AES-GCM', iv, additionalData: encoder.encode(bound) });
  return { salt, iv, iterations, wrapped };
}

/** The device key, not extractable; throws (OperationError) on a wrong password or a changed `bound`. */
export async function unwrapDeviceKey(stored: WrappedKey, password: string, bound: string): Promise<CryptoKey> {
  const kek = await passwordKey(password, new Uint8Array(stored.salt), stored.iterations);
  return crypto.subtle.unwrapKey('raw', stored.wrapped, kek, { name: 'AES-GCM', iv: new Uint8Array(stored.iv), additionalData: encoder.encode(bound) }, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/**
 * The same device key wrapped again with a new `bound` (a new online sign-in time), under the same
 * password. The key in use cannot be exported, so this unwraps the stored copy once more as
 * extractable, only long enough to wrap it.
 */
export async function rewrapDeviceKey(stored: WrappedKey, password: string, oldBound: string, newBound: string): Promise<WrappedKey> {
  const kek = await passwordKey(password, new Uint8Array(stored.salt), stored.iterations);
  const key = await crypto.subtle.unwrapKey('raw', stored.wrapped, kek, { name: 'AES-GCM', iv: new Uint8Array(stored.iv), additionalData: encoder.encode(oldBound) }, { name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
    'decrypt',
  ]);
  return wrapDeviceKey(key, password, newBound, stored.iterations);
}

/** A value sealed for storage; `label` (the record's place) must match when it is opened. */
export async function seal(key: CryptoKey, value: unknown, label: string): Promise<Sealed> {
  const iv = random(12);
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(label) }, key, encoder.encode(JSON.stringify(value)));
  return { iv, data };
}

export async function open<T = unknown>(key: CryptoKey, sealed: Sealed, label: string): Promise<T> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(sealed.iv), additionalData: encoder.encode(label) }, key, sealed.data);
  return JSON.parse(decoder.decode(plain)) as T;
}

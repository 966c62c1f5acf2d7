// The sealing of a device's working set and the wrapping of its key (src/client/offline/sealing.ts),
// with the real WebCrypto (Node's, the same API as the browser's).
import { describe, expect, it } from 'vitest';
import { PBKDF2_ITERATIONS, newDeviceKey, open, rewrapDeviceKey, seal, unwrapDeviceKey } from '../../src/client/offline/sealing';

const BOUND = 'demo.localhost|7|2026-11-26T07:00:00.000Z';

// Each test derives at the real 600,000 iterations up to three times: seconds on a loaded 2-core machine.
describe('the device key', { timeout: 30_000 }, async () => {
  const { key, stored } = await newDeviceKey('copper-harbor-6620', BOUND);

  it("is derived at OWASP's minimum or more, and never usable as a whole", async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(stored.iterations).toBe(PBKDF2_ITERATIONS);
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('unwraps with the password into a key that opens what the first one sealed', async () => {
    const sealed = await seal(key, { name: 'Shilan' }, 'patients:1');
    const again = await unwrapDeviceKey(stored, 'copper-harbor-6620', BOUND);
    expect(again.extractable).toBe(false);
    expect(await open(again, sealed, 'patients:1')).toEqual({ name: 'Shilan' });
  });

  it.each([
    { name: 'a wrong password', password: 'copper-harbor-6621', bound: BOUND },
    { name: 'the same password in other case', password: 'COPPER-HARBOR-6620', bound: BOUND },
    { name: 'another account', password: 'copper-harbor-6620', bound: 'demo.localhost|8|2026-11-26T07:00:00.000Z' },
    { name: 'an online sign-in time moved forward in storage', password: 'copper-harbor-6620', bound: 'demo.localhost|7|2026-11-29T07:00:00.000Z' },
  ])('refuses $name', async ({ password, bound }) => {
    await expect(unwrapDeviceKey(stored, password, bound)).rejects.toThrow();
  });

  it('is wrapped again for a new sign-in time: the new binding opens, the old one no longer', async () => {
    const later = 'demo.localhost|7|2026-11-27T07:00:00.000Z';
    const rewrapped = await rewrapDeviceKey(stored, 'copper-harbor-6620', BOUND, later);
    const sealed = await seal(key, 42, 'meta:cursor');
    expect(await open(await unwrapDeviceKey(rewrapped, 'copper-harbor-6620', later), sealed, 'meta:cursor')).toBe(42);
    await expect(unwrapDeviceKey(rewrapped, 'copper-harbor-6620', BOUND)).rejects.toThrow();
  });
});

describe('sealing', async () => {
  const { key } = await newDeviceKey('pw-for-sealing-1', 'x', 1000);

  it('hides the value, differs every time, and opens back', async () => {
    const value = { name: 'MARKER-Hawre', phone: '+9647501112233' };
    const a = await seal(key, value, 'patients:5');
    const b = await seal(key, value, 'patients:5');
    const text = Buffer.from(a.data).toString('latin1');
    expect(text).not.toContain('MARKER');
    expect(text).not.toContain('9647501112233');
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(false);
    expect(await open(key, a, 'patients:5')).toEqual(value);
  });

  it.each([
    { name: 'under another record’s place', change: (s: { iv: Uint8Array; data: ArrayBuffer }) => s, label: 'patients:6' },
    { name: 'with one byte changed', change: (s: { iv: Uint8Array; data: ArrayBuffer }) => ({ iv: s.iv, data: flip(s.data) }), label: 'patients:5' },
  ])('refuses a record $name', async ({ change, label }) => {
    const sealed = await seal(key, { a: 1 }, 'patients:5');
    await expect(open(key, change(sealed), label)).rejects.toThrow();
  });

  it('refuses another device key', async () => {
    const other = await newDeviceKey('pw-for-sealing-1', 'x', 1000);
    await expect(open(other.key, await seal(key, 1, 'l'), 'l')).rejects.toThrow();
  });
});

function flip(data: ArrayBuffer): ArrayBuffer {
  const copy = new Uint8Array(data.slice(0));
  copy[0] ^= 1;
  return copy.buffer;
}

// Opened sealed values are kept by their binding and sealed text (crypto/fields.ts OpenedValues):
// a list read again opens nothing again, and a sealed text copied to another clinic, table or
// column is still opened under its own binding, and refused.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../src/shared/resource';
import type { Database } from '../../src/server/db/schema';
import { FieldCipher, OpenedValues } from '../../src/server/crypto/fields';
import { KeyRing } from '../../src/server/crypto/keyring';
import { masterKeyOf } from '../../src/server/crypto/master-key';

const def = { name: 'notes', table: 'notes', fields: { body: { type: 'text', encrypted: true }, title: { type: 'string', encrypted: true } } } as unknown as ResourceDef;
const other = { ...def, table: 'letters' } as ResourceDef;

/** A keyring whose clinics' keys are made in memory (no database). */
function cipherWithKeys(opens: { count: number }): FieldCipher {
  const keys = new Map<number, Buffer>();
  const ring = new KeyRing({ ...masterKeyOf(randomBytes(32)), source: { from: 'test', created: false } } as ConstructorParameters<typeof KeyRing>[0]);
  ring.keyOf = async (_db, tenantId) => {
    opens.count++;
    if (!keys.has(tenantId)) keys.set(tenantId, randomBytes(32));
    return keys.get(tenantId)!;
  };
  return new FieldCipher(ring);
}

const db = {} as Kysely<Database>;

describe('opened sealed values', () => {
  it('keeps the least recently read values, at most its size', () => {
    const kept = new OpenedValues(2);
    kept.set('a', '1');
    kept.set('b', '2');
    expect(kept.get('a')).toBe('1');
    kept.set('c', '3');
    expect([kept.get('a'), kept.get('b'), kept.get('c'), kept.size]).toEqual(['1', undefined, '3', 2]);
  });

  it('keeps at most its characters, keys and values', () => {
    const kept = new OpenedValues(100, 10);
    kept.set('a', '1234');
    kept.set('b', '1234');
    expect(kept.size).toBe(2);
    kept.set('c', '12');
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([undefined, '1234', '12']);
    kept.set('d', 'a value longer than all it may hold');
    expect([kept.get('d'), kept.size]).toEqual([undefined, 2]);
  });

  it('opens a row read again from what it kept, and a copied sealed text under its own binding only', async () => {
    const cipher = cipherWithKeys({ count: 0 });
    const values = { body: 'chest pain', title: 'first visit' };
    await cipher.sealValues(db, def, 7, values);
    const sealed = { ...values };
    const first = await cipher.openRows(db, def, 7, [{ ...sealed }]);
    expect(first).toEqual([{ body: 'chest pain', title: 'first visit' }]);
    expect(cipher.opened.size).toBe(2);
    expect(await cipher.openRows(db, def, 7, [{ ...sealed }])).toEqual(first);
    expect(cipher.opened.size).toBe(2);
    // The same text in another column, table or clinic is not the value kept: refused as ever.
    await expect(cipher.openRows(db, def, 7, [{ body: sealed.title, title: sealed.body }])).rejects.toThrow();
    await expect(cipher.openRows(db, other, 7, [{ ...sealed }])).rejects.toThrow();
    await expect(cipher.openRows(db, def, 8, [{ ...sealed }])).rejects.toThrow();
  });
});

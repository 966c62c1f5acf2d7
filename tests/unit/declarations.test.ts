// Declaration rules checked when a resource is declared, so a misdeclared entity fails at once.
import { describe, expect, it } from 'vitest';
import { type FieldDef, defineResource } from '../../src/shared/resource';
import { normalizeForLookup } from '../../src/server/crypto/keyring';

const declare = (field: FieldDef, scope: 'tenant' | 'central' = 'tenant') =>
  defineResource({ name: 'things', path: 'things', table: 'things', scope, titleField: 'note', defaultSort: '-id', fields: { note: field } });

describe('encrypted fields', () => {
  it.each([
    ['searchable', { type: 'text', encrypted: true, searchable: true }],
    ['sortable', { type: 'text', encrypted: true, sortable: true }],
    ['filterable without lookup', { type: 'string', encrypted: true, filterable: true }],
    ['a number', { type: 'integer', encrypted: true }],
    ['lookup on a plain field', { type: 'string', lookup: true }],
  ] as [string, FieldDef][])('refuse %s', (_n, field) => {
    expect(() => declare(field)).toThrow(/things\.note/);
  });

  it("are a clinic's: refused on a central resource", () => {
    expect(() => declare({ type: 'text', encrypted: true }, 'central')).toThrow(/things\.note/);
  });

  it('accept clinic text, and an exact lookup', () => {
    expect(() => declare({ type: 'text', encrypted: true })).not.toThrow();
    expect(() => declare({ type: 'string', encrypted: true, lookup: true, filterable: true })).not.toThrow();
  });

  it('look a value up however it was typed: Arabic-Indic or Persian digits, spaces, dashes, case', () => {
    expect(normalizeForLookup('١٩٩٠ ١٢٣-٤٥٦')).toBe('1990123456');
    expect(normalizeForLookup('۱۹۹۰۱۲۳۴۵۶')).toBe('1990123456');
    expect(normalizeForLookup(' AB-12 cd ')).toBe('ab12cd');
  });
});

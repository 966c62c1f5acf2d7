// rules/stored.ts: whether a save changes what the record holds (a save that changes nothing keeps
// the record's version). Unsure counts as a change.
import { describe, expect, it } from 'vitest';
import { changesStored } from '../../../src/server/engine/rules/stored';
import type { FieldDef } from '../../../src/shared/resource';

const text: FieldDef = { type: 'string' };
const money: FieldDef = { type: 'money' };
const when: FieldDef = { type: 'datetime' };
const list: FieldDef = { type: 'list', items: { name: { type: 'string' } } };

describe('changesStored', () => {
  const cases: { what: string; field: FieldDef | undefined; before: unknown; value: unknown; changes: boolean }[] = [
    { what: 'the same text', field: text, before: 'Ali', value: 'Ali', changes: false },
    { what: 'other text', field: text, before: 'Ali', value: 'Ala', changes: true },
    { what: 'left empty and sent empty (null, undefined)', field: text, before: null, value: undefined, changes: false },
    { what: 'a number sent as its text', field: money, before: 25000, value: '25000', changes: false },
    { what: 'a number written with a decimal point', field: money, before: 5, value: '5.0', changes: false },
    { what: 'a number cleared', field: money, before: 5, value: null, changes: true },
    { what: 'a number set where there was none', field: money, before: null, value: 0, changes: true },
    { what: 'a number sent as empty text', field: money, before: 0, value: '', changes: true },
    { what: 'an instant stored as a date, sent as its text', field: when, before: new Date('2030-01-02T08:00:00Z'), value: '2030-01-02T08:00:00.000Z', changes: false },
    { what: 'another instant', field: when, before: new Date('2030-01-02T08:00:00Z'), value: '2030-01-02T09:00:00.000Z', changes: true },
    { what: 'the same list', field: list, before: [{ name: 'a' }], value: [{ name: 'a' }], changes: false },
    { what: 'a list with an item more', field: list, before: [{ name: 'a' }], value: [{ name: 'a' }, { name: 'b' }], changes: true },
    { what: 'a password (never answered, so unknown)', field: { type: 'password', writeOnly: true }, before: undefined, value: 'x', changes: true },
    { what: 'a field not stored', field: { type: 'string', virtual: true }, before: 'same', value: 'same', changes: true },
    { what: 'a name the declaration does not have', field: undefined, before: 1, value: 1, changes: true },
  ];
  it.each(cases)('$what', (c) => {
    expect(changesStored(c.field, c.before, c.value)).toBe(c.changes);
  });
});

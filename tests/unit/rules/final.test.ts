// rules/final.ts: a field declared `final` keeps the value it was created with.
import { describe, expect, it } from 'vitest';
import { finalFields } from '../../../src/server/engine/rules/final';
import { declare, NO_DB, refused, writeOf } from './fixture';

const def = declare({ kind: { type: 'string', final: true }, day: { type: 'date', final: true }, amount: { type: 'number', final: true }, note: { type: 'string' } });
const stored = { id: 1, kind: 'visit', day: '2030-01-02', amount: 5, note: 'a' };

describe('final fields', () => {
  const cases: { what: string; input: Record<string, unknown>; existing: typeof stored | null; refused: Record<string, string[]> | null }[] = [
    { what: 'a create gives any value', input: { kind: 'other', amount: 9 }, existing: null, refused: null },
    { what: 'an update sending the same values', input: { kind: 'visit', amount: 5, note: 'b' }, existing: stored, refused: null },
    { what: 'the same number written as text', input: { amount: '5' }, existing: stored, refused: null },
    { what: 'an update leaving them out', input: { note: 'b' }, existing: stored, refused: null },
    { what: 'one changed', input: { kind: 'other' }, existing: stored, refused: { kind: ['validation.final'] } },
    { what: 'two changed, each named', input: { kind: 'other', day: '2030-01-03', note: 'b' }, existing: stored, refused: { kind: ['validation.final'], day: ['validation.final'] } },
    { what: 'cleared', input: { amount: null }, existing: stored, refused: { amount: ['validation.final'] } },
    { what: 'a field not declared final', input: { note: 'changed' }, existing: stored, refused: null },
  ];
  it.each(cases)('$what', async (c) => {
    expect(await refused(() => finalFields(writeOf(NO_DB, def, c.input, c.existing)))).toEqual(c.refused);
  });
});

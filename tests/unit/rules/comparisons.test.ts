// rules/comparisons.ts: the declared comparisons between fields, on the record as it will be.
import { describe, expect, it } from 'vitest';
import { comparisons } from '../../../src/server/engine/rules/comparisons';
import { declare, NO_DB, refused, writeOf } from './fixture';

const def = declare(
  { amount: { type: 'money', default: 0 }, paid: { type: 'money', default: 0 }, start_day: { type: 'date' }, end_day: { type: 'date', nullable: true } },
  { checks: [{ field: 'paid', op: '<=', other: 'amount' }, { field: 'end_day', op: '>=', other: 'start_day', message: 'validation.endBeforeStart' }] },
);

describe('declared comparisons', () => {
  const stored = { id: 1, amount: 100, paid: 40, start_day: '2030-01-10', end_day: '2030-01-20' };
  const cases: { what: string; input: Record<string, unknown>; existing: typeof stored | null; refused: Record<string, string[]> | null }[] = [
    { what: 'a create within the rule', input: { amount: 100, paid: 100 }, existing: null, refused: null },
    { what: 'a create over it', input: { amount: 100, paid: 101 }, existing: null, refused: { paid: ['validation.compare.number.lte'] } },
    { what: 'a create judged against the default (amount 0)', input: { paid: 5 }, existing: null, refused: { paid: ['validation.compare.number.lte'] } },
    { what: 'an update judged against what is stored', input: { paid: 101 }, existing: stored, refused: { paid: ['validation.compare.number.lte'] } },
    { what: 'an update lowering the other side below', input: { amount: 39 }, existing: stored, refused: { paid: ['validation.compare.number.lte'] } },
    { what: 'an update within it', input: { amount: 40 }, existing: stored, refused: null },
    { what: 'the declared message instead of the generic one', input: { end_day: '2030-01-09' }, existing: stored, refused: { end_day: ['validation.endBeforeStart'] } },
    { what: 'a side left empty is not compared', input: { end_day: null }, existing: stored, refused: null },
  ];
  it.each(cases)('$what', async (c) => {
    expect(await refused(() => comparisons(writeOf(NO_DB, def, c.input, c.existing)))).toEqual(c.refused);
  });
});

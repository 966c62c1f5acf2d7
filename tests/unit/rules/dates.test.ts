// rules/dates.ts: `notFuture` dates at most the clinics' today (Asia/Baghdad); `withinHours` times ahead, within the hours.
import { describe, expect, it } from 'vitest';
import { dates } from '../../../src/server/engine/rules/dates';
import { declare, NO_DB, refused, writeOf } from './fixture';

// NOW is 2030-06-15T10:00:00Z.
const def = declare({ born: { type: 'date', notFuture: true }, at: { type: 'datetime', withinHours: 48 }, plain: { type: 'date' } });

describe('declared dates', () => {
  const cases: { what: string; input: Record<string, unknown>; refused: Record<string, string[]> | null }[] = [
    { what: 'today', input: { born: '2030-06-15' }, refused: null },
    { what: 'tomorrow', input: { born: '2030-06-16' }, refused: { born: ['validation.notFuture'] } },
    { what: 'a date and time, today', input: { born: '2030-06-15T23:00:00Z' }, refused: null },
    { what: 'a date and time, tomorrow', input: { born: '2030-06-16T01:00:00Z' }, refused: { born: ['validation.notFuture'] } },
    { what: 'long ago', input: { born: '1950-01-01' }, refused: null },
    { what: 'an hour ahead', input: { at: '2030-06-15T11:00:00Z' }, refused: null },
    { what: 'exactly the hours ahead', input: { at: '2030-06-17T10:00:00Z' }, refused: null },
    { what: 'past the hours', input: { at: '2030-06-17T10:00:01Z' }, refused: { at: ['validation.withinHours'] } },
    { what: 'in the past', input: { at: '2030-06-15T09:59:00Z' }, refused: { at: ['validation.withinHours'] } },
    { what: 'now itself', input: { at: '2030-06-15T10:00:00Z' }, refused: { at: ['validation.withinHours'] } },
    { what: 'both wrong, each named', input: { born: '2031-01-01', at: '2029-01-01T00:00:00Z' }, refused: { born: ['validation.notFuture'], at: ['validation.withinHours'] } },
    { what: 'a plain date in the future', input: { plain: '2099-01-01' }, refused: null },
    { what: 'left out or null', input: { born: null, at: undefined }, refused: null },
  ];
  it.each(cases)('$what', async (c) => {
    expect(await refused(() => dates(writeOf(NO_DB, def, c.input)))).toEqual(c.refused);
  });
  // 22:00 UTC is 01:00 of the next day in the clinics' zone: that day is today there.
  it.each([
    { what: "the clinics' today, the server's tomorrow", born: '2030-06-16', refused: null },
    { what: "the clinics' tomorrow", born: '2030-06-17', refused: { born: ['validation.notFuture'] } },
  ])('at 22:00 UTC: $what', async (c) => {
    expect(await refused(() => dates(writeOf(NO_DB, def, { born: c.born }, null, { now: new Date('2030-06-15T22:00:00Z') })))).toEqual(c.refused);
  });
});

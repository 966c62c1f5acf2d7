// The timestamptz parser (db/timestamps.ts) gives what the driver's own gives, on the form it reads
// itself and on every other (infinity, BC, short years, other offsets).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timestamptzParser } from '../../src/server/db/timestamps';

const driver = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => unknown;
const ours = timestamptzParser(driver);
const asTime = (v: unknown) => (v instanceof Date ? v.getTime() : v);

describe('timestamptz parser', () => {
  it.each([
    '2026-11-27 10:12:13+03',
    '2026-11-27 10:12:13.123456+03',
    '2026-11-27 10:12:13.1+00',
    '2026-11-27 10:12:13.999999-05',
    '2026-02-28 23:59:59.5+05:30',
    '2026-11-27 00:00:00+05:45:12',
    '1970-01-01 00:00:00+00',
    '1000-01-01 00:00:00.000001+00',
    '9999-12-31 23:59:59.999999+14',
    '2024-02-29 12:00:00-09:30',
    '0050-06-01 10:00:00+00',
    '2026-11-27 10:12:13+03 BC',
    'infinity',
    '-infinity',
  ])('%s', (text) => {
    expect(asTime(ours(text))).toEqual(asTime(driver(text)));
  });
});

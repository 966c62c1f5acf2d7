// rules/offline-ref.ts: a create sent again under the same device reference finds the record the
// first one made (a resource declared `offline`), in this clinic only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import type { Input } from '../../../src/server/engine/hooks';
import { clientRefOf, madeBefore } from '../../../src/server/engine/rules/offline-ref';
import { declare, fixtureDb, writeOf } from './fixture';

let db: Kysely<Database>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => ({ db, close } = await fixtureDb()), 120_000);
afterAll(() => close?.());

// Rows: 50 this clinic's under ...0a, 51 the other clinic's under ...0b, 52 this clinic's without one.
const MINE = '0a1b2c3d-0000-4000-8000-00000000000a';
const THEIRS = '0a1b2c3d-0000-4000-8000-00000000000b';
const offline = declare({ note: { type: 'string' } }, { table: 'offline_fixtures', offline: true });
const online = declare({ note: { type: 'string' } }, { table: 'offline_fixtures' });

describe('clientRefOf: the reference a create brings, as stored', () => {
  const cases: { what: string; on: typeof offline; input: Input; ref: string | null }[] = [
    { what: 'a reference on a resource declared offline', on: offline, input: { client_ref: MINE }, ref: MINE },
    { what: 'written in capitals: stored in lower case', on: offline, input: { client_ref: MINE.toUpperCase() }, ref: MINE },
    { what: 'none sent', on: offline, input: { note: 'x' }, ref: null },
    { what: 'an empty one', on: offline, input: { client_ref: '' }, ref: null },
    { what: 'not text', on: offline, input: { client_ref: 7 }, ref: null },
    { what: 'a resource not declared offline ignores it', on: online, input: { client_ref: MINE }, ref: null },
  ];
  it.each(cases)('$what', (c) => {
    expect(clientRefOf(c.on, c.input)).toBe(c.ref);
  });
});

describe('madeBefore: the record the clinic holds under the reference', () => {
  const cases: { what: string; ref: string; found: number | null }[] = [
    { what: "this clinic's record made under it", ref: MINE, found: 50 },
    { what: "another clinic's reference is not this clinic's record", ref: THEIRS, found: null },
    { what: 'a reference nothing was made under', ref: '0a1b2c3d-0000-4000-8000-0000000000ff', found: null },
  ];
  it.each(cases)('$what', async (c) => {
    // Its lock is transaction-long: each case in a transaction of its own.
    const row = await db.transaction().execute((trx) => madeBefore(writeOf(trx, offline, { client_ref: c.ref }), c.ref));
    expect(row?.id ?? null).toBe(c.found);
    if (row) expect(row).toMatchObject({ client_ref: MINE, note: 'made offline' });
  });
});

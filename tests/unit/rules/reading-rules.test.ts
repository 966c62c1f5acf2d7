// The write rules that read the database, each against fixture declarations on a real embedded
// database holding the few rows they read (fixture.ts): rules/files.ts, fill.ts,
// relation-targets.ts, list-items.ts, passwords.ts, quota.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import type { Input } from '../../../src/server/engine/hooks';
import { fileRefs } from '../../../src/server/engine/rules/files';
import { fill } from '../../../src/server/engine/rules/fill';
import { listItems } from '../../../src/server/engine/rules/list-items';
import { passwords } from '../../../src/server/engine/rules/passwords';
import { quota } from '../../../src/server/engine/rules/quota';
import { relationTargets } from '../../../src/server/engine/rules/relation-targets';
import { OTHER_CLINIC, declare, fixtureDb, refused, writeOf } from './fixture';

let db: Kysely<Database>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => ({ db, close } = await fixtureDb()), 120_000);
afterAll(() => close?.());

type Refusal = Record<string, string[]> | null;
const RELATION = ['validation.relation'];

describe('files.ts: file fields name an upload of this clinic, of the declared kind', () => {
  // Uploads: 10 png, 11 pdf, 12 public jpeg (this clinic); 13 the other clinic's; 14 central.
  const def = declare({
    photo: { type: 'file', accept: 'image', nullable: true },
    logo: { type: 'file', accept: 'image', publicFile: true, nullable: true },
    scan: { type: 'file', nullable: true },
    pages: { type: 'list', items: { file: { type: 'file', accept: 'image' }, note: { type: 'string' } } },
  });
  const cases: { what: string; input: Input; refused: Refusal }[] = [
    { what: "an image of the clinic's", input: { photo: 10 }, refused: null },
    { what: 'a PDF where an image is declared', input: { photo: 11 }, refused: { photo: RELATION } },
    { what: 'any file where any kind goes', input: { scan: 11 }, refused: null },
    { what: "another clinic's upload", input: { scan: 13 }, refused: { scan: RELATION } },
    { what: "the platform's upload", input: { scan: 14 }, refused: { scan: RELATION } },
    { what: 'no such upload', input: { scan: 999 }, refused: { scan: RELATION } },
    { what: 'a private image where a public one is declared', input: { logo: 10 }, refused: { logo: RELATION } },
    { what: 'a public image', input: { logo: 12 }, refused: null },
    { what: 'null: no file', input: { photo: null }, refused: null },
    { what: 'list items, each named by its place', input: { pages: [{ file: 10 }, { file: 11 }, { note: 'none' }, { file: 13 }] }, refused: { 'pages.1.file': RELATION, 'pages.3.file': RELATION } },
  ];
  it.each(cases)('$what', async (c) => {
    expect(await refused(() => fileRefs(writeOf(db, def, c.input)))).toEqual(c.refused);
  });
});

describe("fill.ts: a field declared `fill` takes the chosen record's value when left out", () => {
  // Prices: 20 costs 25000, 21 has none (this clinic); 22 is the other clinic's.
  const def = declare({ service_id: { type: 'relation', relation: { resource: 'prices', labelField: 'name' }, nullable: true }, amount: { type: 'money', fill: { from: 'service_id', field: 'price' } } });
  const cases: { what: string; input: Input; existing: { id: number; service_id: number; amount: number } | null; filled: Input }[] = [
    { what: 'a create choosing a price', input: { service_id: 20 }, existing: null, filled: { service_id: 20, amount: 25000 } },
    { what: 'a price without an amount fills null', input: { service_id: 21 }, existing: null, filled: { service_id: 21, amount: null } },
    { what: 'an amount sent is kept', input: { service_id: 20, amount: 5 }, existing: null, filled: { service_id: 20, amount: 5 } },
    { what: "another clinic's price fills nothing", input: { service_id: 22 }, existing: null, filled: { service_id: 22 } },
    { what: 'no choice, nothing filled', input: { service_id: null }, existing: null, filled: { service_id: null } },
    { what: 'a change keeping the same choice keeps the amount', input: { service_id: 20 }, existing: { id: 1, service_id: 20, amount: 100 }, filled: { service_id: 20 } },
    { what: 'a change of choice fills again', input: { service_id: 20 }, existing: { id: 1, service_id: 21, amount: 100 }, filled: { service_id: 20, amount: 25000 } },
  ];
  it.each(cases)('$what', async (c) => {
    const input = { ...c.input };
    await fill(writeOf(db, def, input, c.existing));
    expect(input).toEqual(c.filled);
  });
});

describe('relation-targets.ts: a relation declared with `only` points at a target holding those values', () => {
  // Staff: 30 Main Doctor, 31 doctor, 32 secretary, 33 a doctor no longer active; 34 the other clinic's doctor.
  const def = declare({ doctor_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name', only: { role: [0, 1], is_active: [true] } }, nullable: true }, helper_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, nullable: true } });
  const cases: { what: string; input: Input; refused: Refusal }[] = [
    { what: 'the Main Doctor', input: { doctor_id: 30 }, refused: null },
    { what: 'a doctor', input: { doctor_id: 31 }, refused: null },
    { what: 'a secretary', input: { doctor_id: 32 }, refused: { doctor_id: RELATION } },
    { what: 'a doctor no longer active', input: { doctor_id: 33 }, refused: { doctor_id: RELATION } },
    { what: "another clinic's doctor", input: { doctor_id: 34 }, refused: { doctor_id: RELATION } },
    { what: 'none chosen', input: { doctor_id: null }, refused: null },
    { what: 'a relation without `only` is left to the foreign key', input: { helper_id: 32 }, refused: null },
  ];
  it.each(cases)('$what', async (c) => {
    expect(await refused(() => relationTargets(writeOf(db, def, c.input)))).toEqual(c.refused);
  });
});

describe("list-items.ts: a list's items name the clinic's records and copy their read-only fields", () => {
  // Ingredients: 40 amoxicillin, 41 clavulanic acid (this clinic); 42 the other clinic's.
  const def = declare({ ingredients: { type: 'list', items: { ingredient_id: { type: 'relation', relation: { resource: 'ingredients', labelField: 'name' }, required: true }, name: { type: 'string', readOnly: true } } } });
  const cases: { what: string; items: Input[]; refused: Refusal; kept?: Input[] }[] = [
    { what: 'names copied from the catalog, whatever was sent', items: [{ ingredient_id: 40, name: 'forged' }, { ingredient_id: 41 }], refused: null, kept: [{ ingredient_id: 40, name: 'amoxicillin' }, { ingredient_id: 41, name: 'clavulanic acid' }] },
    { what: "another clinic's record, named by its place", items: [{ ingredient_id: 40 }, { ingredient_id: 42 }], refused: { 'ingredients.1.ingredient_id': RELATION } },
    { what: 'no such record', items: [{ ingredient_id: 999 }], refused: { 'ingredients.0.ingredient_id': RELATION } },
    { what: 'an empty list', items: [], refused: null, kept: [] },
  ];
  it.each(cases)('$what', async (c) => {
    const input: Input = { ingredients: c.items.map((i) => ({ ...i })) };
    expect(await refused(() => listItems(writeOf(db, def, input)))).toEqual(c.refused);
    if (c.kept) expect(input.ingredients).toEqual(c.kept);
  });
});

describe("passwords.ts: a new password is neither common nor built on the account's or clinic's names", () => {
  const def = declare({ username: { type: 'string' }, name: { type: 'string' }, password: { type: 'password', nullable: true } });
  const cases: { what: string; input: Input; existing: { id: number; username: string; name: string } | null; refused: boolean }[] = [
    { what: 'a strong one', input: { username: 'sara', password: 'Tigris-river-1987-moon' }, existing: null, refused: false },
    { what: 'a common one', input: { username: 'sara', password: 'password123' }, existing: null, refused: true },
    { what: 'built on the username sent', input: { username: 'karwan.omar', password: 'karwan.omar2030' }, existing: null, refused: true },
    { what: 'built on the stored name (an update sending only the password)', input: { password: 'Hawrambakr2030' }, existing: { id: 1, username: 'hb', name: 'Hawrambakr' }, refused: true },
    { what: "built on the clinic's name", input: { username: 'sara', password: 'shifaclinic2030' }, existing: null, refused: true },
    { what: 'no password sent', input: { username: 'sara' }, existing: null, refused: false },
  ];
  it.each(cases)('$what', async (c) => {
    const answer = await refused(() => passwords(writeOf(db, def, c.input, c.existing)));
    expect(answer === null ? null : Object.keys(answer)).toEqual(c.refused ? ['password'] : null);
  });
});

describe("quota.ts: a declared quota caps the clinic's records at its plan's number", () => {
  // The plan allows 2; the rule runs after the insert, so the count includes the new record.
  const def = declare({ title: { type: 'string' } }, { quota: { plan: 'max_cases', field: 'title', message: 'validation.planLimitCases' } });
  const unlimited = declare({ title: { type: 'string' } });
  const counts: { what: string; rows: number; tenantId: number | null; on: typeof def; refused: Refusal }[] = [
    { what: 'the first record', rows: 1, tenantId: 1, on: def, refused: null },
    { what: 'the last place', rows: 2, tenantId: 1, on: def, refused: null },
    { what: 'one past the plan', rows: 3, tenantId: 1, on: def, refused: { title: ['validation.planLimitCases'] } },
    { what: "another clinic's records do not count", rows: 3, tenantId: OTHER_CLINIC, on: def, refused: null },
    { what: 'a resource without a quota', rows: 3, tenantId: 1, on: unlimited, refused: null },
  ];
  it.each(counts)('$what', async (c) => {
    await sql`delete from fixtures`.execute(db);
    for (let i = 0; i < c.rows; i++) await sql`insert into fixtures (tenant_id) values (1)`.execute(db);
    // Its lock is transaction-long: each case in a transaction of its own.
    const answer = await db.transaction().execute((trx) => refused(() => quota(writeOf(trx, c.on, {}, null, { tenantId: c.tenantId }))));
    expect(answer).toEqual(c.refused);
  });
});

// Schema changes generated from declarations (issue 38): a fixture resource's table is made from
// its first declaration and given a row; the declaration is changed, `npm run migration:new`'s
// statements (src/server/db/schema-changes.ts) are applied to it, and the drift test's comparison
// then finds no difference between the changed declaration and the live table. What would lose or
// convert data is refused with its reason, and nothing is written.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import type { Db } from '../../src/server/db/index';
import { RefusedChange, schemaChanges } from '../../src/server/db/schema-changes';
import { type TableInfo, createDeclaredSchema, readSchema, tableDiff } from '../../src/server/db/table-catalog';
import { createTableStatements } from '../../src/server/db/table-from-declaration';
import { type FieldDef, type ResourceDef, defineResource } from '../../src/shared/resource';
import { migratedDatabase } from './scratch-db';

const FIELDS = {
  name: { type: 'string', required: true, maxLength: 120, searchable: true },
  quantity: { type: 'integer', required: true, min: 0, max: 100 },
  note: { type: 'text', maxLength: 500, nullable: true },
  unit: { type: 'string', maxLength: 20, nullable: true },
} as const satisfies Record<string, FieldDef>;

/** The fixture resource: supplies in a table of its own, declared with `fields`. */
const supplies = (fields: Record<string, FieldDef>, more: Partial<ResourceDef> = {}): ResourceDef =>
  defineResource({ name: 'trial_supplies', path: 'trial-supplies', table: 'trial_supplies', scope: 'tenant', titleField: 'name', defaultSort: 'name', fields, ...more });
const resolve = (name: string): ResourceDef => (name === 'trial_supplies' ? supplies(FIELDS) : resourceByName(name));
const { unit: _unit, ...withoutUnit } = FIELDS;

let db: Db;
let drop: () => Promise<void>;
let tenant: number;
const kysely = () => db.kysely as unknown as Kysely<unknown>;

beforeAll(async () => {
  ({ db, drop } = await migratedDatabase());
  const { rows } = await sql<{ id: number }>`insert into tenants (name, subdomain, username) values ('Supplies', 'supplies', 'supplies') returning id`.execute(db.kysely);
  tenant = Number(rows[0].id);
}, 120_000);
afterAll(() => drop?.());

/** The fixture's table as its first declaration makes it, with a row, then `before` run on it. */
async function freshTable(before: readonly string[] = []): Promise<void> {
  await sql.raw('drop table if exists trial_supplies cascade').execute(db.kysely);
  for (const statement of [...createTableStatements(supplies(FIELDS), resolve), ...before]) await sql.raw(statement).execute(db.kysely);
  await sql`insert into trial_supplies (tenant_id, name, quantity, note) values (${tenant}, 'Gauze', 40, 'Sterile')`.execute(db.kysely);
}

/** `def`'s table as the generator makes it, read from a scratch schema. */
async function declaredTable(def: ResourceDef): Promise<TableInfo> {
  try {
    await createDeclaredSchema(kysely(), 'wanted', [def], resolve);
    return (await readSchema(kysely(), 'wanted')).get(def.table)!;
  } finally {
    await sql.raw('drop schema if exists wanted cascade').execute(db.kysely);
  }
}

/** The generated migration for `def`, applied in one transaction as the migrator would; its statements and what it kept. */
async function migrateTo(def: ResourceDef, drop: boolean) {
  const changes = await schemaChanges(kysely(), [def], resolve, [...resources, def], { drop });
  await db.kysely.transaction().execute(async (trx) => {
    for (const statement of changes.statements) await sql.raw(statement).execute(trx);
  });
  return changes;
}

describe.each([
  ['a new optional column', supplies({ ...FIELDS, code: { type: 'string', maxLength: 40, nullable: true } }), false, /^alter table trial_supplies add column code text$/],
  ['a new column with a default', supplies({ ...FIELDS, active: { type: 'boolean', default: true } }), false, /add column active boolean not null default true/],
  ['a dropped column', supplies(withoutUnit), true, /^alter table trial_supplies drop column unit$/],
  ['a field made required', supplies({ ...FIELDS, note: { type: 'text', maxLength: 500, required: true } }), false, /alter column note set not null/],
  ['a field made optional', supplies({ ...FIELDS, quantity: { type: 'integer', min: 0, max: 100, nullable: true } }), false, /alter column quantity drop not null/],
  ['a new default', supplies({ ...FIELDS, quantity: { type: 'integer', min: 0, max: 100, default: 1 } }), false, /alter column quantity set default 1/],
  ['a new unique rule', supplies({ ...FIELDS, name: { ...FIELDS.name, unique: true } }), false, /create unique index trial_supplies_name_key on trial_supplies USING btree \(tenant_id, lower\(name\)\)/],
  ['a new index', supplies({ ...FIELDS, unit: { ...FIELDS.unit, filterable: true } }), false, /create index trial_supplies_unit_idx on trial_supplies USING btree \(tenant_id, unit\)/],
  ['a new check', supplies({ ...FIELDS, unit: { ...FIELDS.unit, choices: ['box', 'piece'] } }), false, /CHECK \(\(unit = ANY \(ARRAY\['box'::text, 'piece'::text\]\)\)\) not valid$/],
  ['a wider range, the old check dropped', supplies({ ...FIELDS, quantity: { ...FIELDS.quantity, max: 1000 } }), true, /drop constraint trial_supplies_quantity_check1$/],
  ['a new relation', supplies({ ...FIELDS, patient_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, nullable: true } }), false, /FOREIGN KEY \(tenant_id, patient_id\) REFERENCES patients\(tenant_id, id\)/],
  ['records archived instead of deleted', supplies(FIELDS, { deletePolicy: 'archive' }), false, /add column archived_at timestamp with time zone$/],
] as const)('a declaration with %s', (_name, changed, dropExtra, written) => {
  it('gives a migration that leaves no drift', async () => {
    await freshTable();
    const { statements, kept } = await migrateTo(changed, dropExtra);
    expect(statements.filter((s) => written.test(s)), statements.join('\n')).toHaveLength(1);
    expect(tableDiff(await declaredTable(changed), (await readSchema(kysely(), 'public', ['trial_supplies'])).get('trial_supplies'))).toEqual([]);
    if (dropExtra) expect(kept).toEqual([]);
    // The row already there is kept, and the next migration has nothing left to do.
    expect((await sql<{ name: string }>`select name from trial_supplies`.execute(db.kysely)).rows).toEqual([{ name: 'Gauze' }]);
    expect((await schemaChanges(kysely(), [changed], resolve, [...resources, changed], { drop: dropExtra })).statements).toEqual([]);
  });
});

// A live table changed by hand where the drift test counts it wrong: regenerating puts it back.
describe.each([
  ['a policy of using (true)', ['drop policy tenant_isolation on trial_supplies', 'create policy tenant_isolation on trial_supplies using (true)'], /^drop policy tenant_isolation on trial_supplies$/],
  ['a grant to everyone', ['grant select on trial_supplies to public'], /^revoke select on trial_supplies from public$/],
  ['a missing grant', ['revoke delete on trial_supplies from clinic_app'], /^grant delete on trial_supplies to clinic_app$/],
  ['row-level security off', ['alter table trial_supplies disable row level security'], /^alter table trial_supplies enable row level security$/],
  ['a dropped version trigger', ['drop trigger trial_supplies_version on trial_supplies'], /^create trigger trial_supplies_version BEFORE UPDATE/],
] as const)('a live table with %s', (_name, before, written) => {
  it('is put back as declared', async () => {
    await freshTable(before);
    const { statements } = await migrateTo(supplies(FIELDS), false);
    expect(statements.filter((s) => written.test(s)), statements.join('\n')).toHaveLength(1);
    expect(tableDiff(await declaredTable(supplies(FIELDS)), (await readSchema(kysely(), 'public', ['trial_supplies'])).get('trial_supplies'))).toEqual([]);
  });
});

describe.each([
  ['a type change', supplies({ ...FIELDS, quantity: { type: 'string', required: true, maxLength: 10 } }), /trial_supplies\.quantity: type integer would become text, which converts the data/],
  ['a required column with no default', supplies({ ...FIELDS, code: { type: 'string', required: true, maxLength: 40 } }), /trial_supplies\.code: required with no default/],
  ['a table several declarations share', defineResource({ ...supplies(FIELDS), name: 'trial_stock' }), /trial_stock: its table trial_supplies is declared by trial_supplies too/],
] as const)('a declaration with %s', (_name, changed, reason) => {
  it('is refused with the reason, and nothing is changed', async () => {
    await freshTable();
    const others = changed.name === 'trial_stock' ? [supplies(FIELDS)] : [];
    const error = await schemaChanges(kysely(), [changed], resolve, [...resources, ...others, changed]).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RefusedChange);
    expect((error as RefusedChange).reasons.filter((r) => reason.test(r))).toHaveLength(1);
    expect(tableDiff(await declaredTable(supplies(FIELDS)), (await readSchema(kysely(), 'public', ['trial_supplies'])).get('trial_supplies'))).toEqual([]);
  });
});

it('writes CREATE TABLE for a declaration with no table', async () => {
  await sql.raw('drop table if exists trial_supplies cascade').execute(db.kysely);
  const { statements } = await migrateTo(supplies(FIELDS), false);
  expect(statements).toEqual(createTableStatements(supplies(FIELDS), resolve));
  expect(tableDiff(await declaredTable(supplies(FIELDS)), (await readSchema(kysely(), 'public', ['trial_supplies'])).get('trial_supplies'))).toEqual([]);
});

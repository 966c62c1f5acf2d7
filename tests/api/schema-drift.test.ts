// The declarations are the schema (issues 16 and 38), checked on the live database the migrations
// make (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
// - every resource against tests/api/schema-catalog.ts's reading of its declaration (what no one
//   generated table says: the tables several declarations share);
// - every table the generator makes (src/server/db/table-from-declaration.ts) built from its
//   declaration in a scratch schema beside the live one, and the two catalogs compared
//   (tests/api/schema-diff.ts): columns, types, nullability, defaults, every check, unique and
//   index, foreign keys with their delete and update actions, grants, row-level security and each
//   policy's text, and the generator's triggers. The drift found when this was written is listed in
//   schema-drift-known.ts, to be settled; anything else fails.
// - deliberate breaks of a generated migration (the four the issue found missed, and more), each
//   applied to a copy of the generated table and named by the comparison.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import type { Db } from '../../src/server/db/index';
import { rowColumns } from '../../src/server/db/row-types';
import { createTableStatements } from '../../src/server/db/table-from-declaration';
import { type Catalog, readCatalog, schemaProblems } from './schema-catalog';
import { type SchemaCatalog, createDeclaredSchema, readSchema, tableDiff } from '../../src/server/db/table-catalog';
import { KNOWN_DRIFT } from './schema-drift-known';
import { migratedDatabase } from './scratch-db';

let db: Db;
let drop: () => Promise<void>;
let catalog: Catalog;
let declared: SchemaCatalog;
let live: SchemaCatalog;
const generated: string[] = [];

beforeAll(async () => {
  ({ db, drop } = await migratedDatabase());
  catalog = await readCatalog(db.kysely);
  const kysely = db.kysely as unknown as Kysely<unknown>;
  generated.push(...(await createDeclaredSchema(kysely, 'declared', resources, resourceByName)));
  [declared, live] = await Promise.all([readSchema(kysely, 'declared'), readSchema(kysely, 'public', generated)]);
}, 120_000);
afterAll(() => drop?.());

// The audit trail holds the platform's events too (tenant_id null): its key is the event's id.
const sharesTableWithCentral = (table: string) => resources.some((r) => r.table === table && r.scope === 'central');

describe.each(resources.map((def) => [def.name, def] as const))('schema of %s', (_n, def) => {
  it('agrees with its declaration', () => {
    expect(schemaProblems(def, catalog, resourceByName, sharesTableWithCentral(def.table))).toEqual([]);
  });
});

describe('the live schema against the generated one', () => {
  it('builds every table no other declaration shares', () => {
    const shared = resources.filter((r) => resources.some((o) => o !== r && o.table === r.table)).map((r) => r.table);
    expect(new Set([...generated, ...shared])).toEqual(new Set(resources.map((r) => r.table)));
  });

  it.each(resources.filter((r) => resources.filter((o) => o.table === r.table).length === 1).map((r) => r.table))('%s has what the generator writes', (table) => {
    const differences = tableDiff(declared.get(table)!, live.get(table));
    const known = KNOWN_DRIFT[table] ?? [];
    expect(differences.filter((d) => !known.includes(d)), 'drift').toEqual([]);
    expect(known.filter((k) => !differences.includes(k)), 'settled: remove from schema-drift-known.ts').toEqual([]);
  });

  it.each(resources.filter((r) => resources.filter((o) => o.table === r.table).length === 1).map((r) => [r.table, r] as const))('%s has the columns its generated row type names', (table, def) => {
    const columns = [...declared.get(table)!.columns].map(([name, c]) => `${name}${c.notNull ? '' : ' | null'}`);
    expect(rowColumns(def).map((c) => `${c.name}${c.nullable ? ' | null' : ''}`)).toEqual(columns);
  });

  it('lists known drift of generated tables only', () => {
    expect(Object.keys(KNOWN_DRIFT).filter((t) => !generated.includes(t))).toEqual([]);
  });
});

/** The comparison of `def`'s generated table, its statements changed by `edit`, with the generated one. */
async function brokenCopy(resource: string, edit: (statement: string) => string): Promise<{ changed: boolean; differences: string[] }> {
  const def = resourceByName(resource);
  const statements = createTableStatements(def, resourceByName);
  const edited = statements.map(edit);
  let differences: string[] = [];
  // The copy is made in a schema of its own, in a transaction rolled back after reading it.
  const rollback = new Error('rollback');
  await (db.kysely as unknown as Kysely<unknown>)
    .transaction()
    .execute(async (trx) => {
      await sql.raw('create schema broken').execute(trx);
      await sql.raw('set local search_path to broken, declared, public').execute(trx);
      for (const statement of edited) await sql.raw(statement).execute(trx);
      const copy = await readSchema(trx, 'broken', [def.table]);
      differences = tableDiff(declared.get(def.table)!, copy.get(def.table));
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return { changed: edited.join() !== statements.join(), differences };
}

const ISOLATION = /using \(tenant_id = [^\n]*\)\n/;

// A payment: required, checked and related fields, a clinic's policy, grants and triggers.
describe.each([
  ['a dropped NOT NULL', (s: string) => s.replace(/^( {2}amount numeric\(14,2\)) not null/m, '$1'), /^column amount: nullable, declared not null$/],
  ['dropped CHECK constraints', (s: string) => s.replace(/^ {2}check \(.*\),\n/gm, ''), /^check missing: CHECK \(\(amount >= 0\.01\)\)$/],
  ['on delete cascade on a relation', (s: string) => s.replace('references patients (tenant_id, id)', '$& on delete cascade'), /^foreign key not declared: \(tenant_id, patient_id\) -> patients \(tenant_id, id\) on delete cascade/],
  ['a policy of using (true)', (s: string) => s.replace(ISOLATION, 'using (true)\n'), /^policy not declared: permissive all to public using \(true\)/],
  ['a dropped unique', (s: string) => s.replace(/,\n {2}unique \(tenant_id, client_ref\)/, ''), /^unique missing: UNIQUE btree \(tenant_id, client_ref\)$/],
  ['a dropped default', (s: string) => s.replace('method smallint not null default 0', 'method smallint not null'), /^column method: default none, declared 0$/],
  ['a dropped index', (s: string) => (s.startsWith('create index payments_amount_idx') ? 'select 1' : s), /^index missing: btree \(tenant_id, amount\)$/],
  ['a grant the role should not have', (s: string) => s.replace(/^grant select, insert, update, delete on payments to clinic_app$/, '$&, public'), /^grant not declared: public: select$/],
  ['row-level security left off', (s: string) => (s.endsWith('enable row level security') ? 'select 1' : s), /^row-level security off, declared on$/],
  ['a dropped version trigger', (s: string) => (s.startsWith('create trigger payments_version') ? 'select 1' : s), /^trigger missing: BEFORE UPDATE FOR EACH ROW EXECUTE FUNCTION bump_version\(\)$/],
] as const)('a generated migration with %s', (_name, edit, named) => {
  it('is named by the comparison', async () => {
    const { changed, differences } = await brokenCopy('payments', edit);
    expect(changed, 'the edit changed the statements').toBe(true);
    expect(differences.filter((d) => named.test(d)), differences.join('\n')).toHaveLength(1);
  });
});

it('a generated migration left as written has no difference', async () => {
  expect(await brokenCopy('payments', (s) => s)).toEqual({ changed: false, differences: [] });
});

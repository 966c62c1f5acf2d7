// The declarations are the schema (issue 16): every resource of the registry is compared with the
// live database it runs on (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), so a migration
// that disagrees with its declaration fails here (tests/api/schema-catalog.ts says what is
// compared: columns and types, nullability, unique indexes, foreign keys to (tenant_id, id), and
// for a clinic's table its primary key, row-level security, version trigger and grants).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import type { Db } from '../../src/server/db/index';
import { type Catalog, readCatalog, schemaProblems } from './schema-catalog';
import { migratedDatabase } from './scratch-db';

let db: Db;
let drop: () => Promise<void>;
let catalog: Catalog;

beforeAll(async () => {
  ({ db, drop } = await migratedDatabase());
  catalog = await readCatalog(db.kysely);
}, 120_000);
afterAll(() => drop?.());

// The audit trail holds the platform's events too (tenant_id null): its key is the event's id.
const sharesTableWithCentral = (table: string) => resources.some((r) => r.table === table && r.scope === 'central');

describe.each(resources.map((def) => [def.name, def] as const))('schema of %s', (_n, def) => {
  it('agrees with its declaration', () => {
    expect(schemaProblems(def, catalog, resourceByName, sharesTableWithCentral(def.table))).toEqual([]);
  });
});

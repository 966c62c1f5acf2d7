import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely';
import { applyFunctions } from './functions/index';
import type { Db } from './index';
import { migrationProvider } from './migrations/index';

/**
 * Runs pending migrations in order, in a transaction, under Kysely's migration lock, then applies
 * the functions of src/server/db/functions/ that changed. Returns the migrations applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const applied = (await upToDate(db)) ? [] : await migrateToLatest(db);
  await applyFunctions(db.kysely as unknown as Kysely<unknown>);
  return applied;
}

async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// Every start but the first after an upgrade finds nothing to do; this check costs two small
// queries where the migrator's lock and table checks cost a quarter of an embedded cold start.
// Anything else (a fresh database, a pending or unknown migration) goes through the migrator.
async function upToDate(db: Db): Promise<boolean> {
  const known = Object.keys(await migrationProvider.getMigrations());
  const { rows: table } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db.kysely);
  if (!table[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
  const applied = new Set(rows.map((r) => r.name));
  return applied.size === known.length && known.every((name) => applied.has(name));
}

import { Migrator } from 'kysely/migration';
import type { Db } from './index';
import { migrationProvider } from './migrations/index';

/** Runs pending migrations in order, in a transaction, under Kysely's migration lock. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// A database of a test's own: in-memory PGlite, or a fresh PostgreSQL database when
// TEST_DATABASE_URL is set (dropped afterwards). Empty, or migrated.
import { inject } from 'vitest';
import { type Db, openDatabase } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { freshPostgres } from './harness';
import { fittingTemplate, loadPglite } from './template-db';

export interface Scratch {
  db: Db;
  drop: () => Promise<void>;
}

async function onServer(url: string, template?: string): Promise<Scratch> {
  const target = await freshPostgres(url, template);
  const db = await openDatabase({ databaseUrl: target.databaseUrl });
  return {
    db,
    drop: async () => {
      await db.close();
      await target.drop();
    },
  };
}

export async function scratchDatabase(): Promise<Scratch> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return onServer(url);
  const db = await openDatabase({ dataDir: 'memory://' });
  return { db, drop: () => db.close() };
}

/**
 * A database with every migration applied: a copy of the run's template (tests/api/template-db.ts,
 * migrated once per run; its demo rows change no schema) when one fits, else an empty database
 * migrated here. Migrating from zero is tested by migrations.test.ts and template-db.test.ts.
 */
export async function migratedDatabase(): Promise<Scratch> {
  const url = process.env.TEST_DATABASE_URL;
  const template = fittingTemplate(inject('apiTemplate'));
  if (url && template?.postgresTemplate) return onServer(url, template.postgresTemplate);
  if (!url && template?.pgliteDump) {
    const db = await loadPglite(template.pgliteDump);
    return { db, drop: () => db.close() };
  }
  const scratch = await scratchDatabase();
  await migrate(scratch.db);
  return scratch;
}

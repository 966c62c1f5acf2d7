// An empty database of a test's own: in-memory PGlite, or a fresh PostgreSQL database when
// TEST_DATABASE_URL is set (dropped afterwards).
import { type Db, openDatabase } from '../../src/server/db/index';
import { freshPostgres } from './harness';

export async function scratchDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  }
  const target = await freshPostgres(url);
  const db = await openDatabase({ databaseUrl: target.databaseUrl });
  return {
    db,
    drop: async () => {
      await db.close();
      await target.drop();
    },
  };
}

// An empty database of a test's own: in-memory PGlite, or a fresh PostgreSQL database when
// TEST_DATABASE_URL is set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openDatabase } from '../../src/server/db/index';

export async function scratchDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  }
  const name = `clinic_scratch_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString() });
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// Opening the database and preparing it: migrations, permission catalogue, demo data.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { type Db, openDatabase } from './db/index';
import { migrate } from './db/migrate';
import { isEmpty, seedDemo } from './db/seed';
import { syncPermissions } from '../../resources/users/permissions';

export async function prepareDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedDemo'>, log?: Pick<FastifyBaseLogger, 'info'>): Promise<{ db: Db; seeded: boolean }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length) log?.info(`Applied migrations: ${applied.join(', ')}`);
  await syncPermissions(db.kysely);
  // Demo data goes into an empty embedded database by itself; PostgreSQL only when asked.
  const wanted = config.seedDemo === 'always' || (config.seedDemo === 'auto' && db.kind === 'pglite');
  const seeded = wanted && (await isEmpty(db.kysely));
  if (seeded) await seedDemo(db.kysely);
  return { db, seeded };
}

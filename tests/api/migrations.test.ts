// Migrations: a fresh database gets all of them, a start with nothing pending skips the migrator, and
// a database that knows a migration this code does not is refused rather than served.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { migrationProvider } from '../../src/server/db/migrations/index';

describe('migrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => db.close());

  it('applies every migration once, in order, and nothing on the next start', async () => {
    const known = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(await migrate(db)).toEqual(known);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
    expect(rows.map((r) => r.name)).toEqual(known);
  });

  it('refuses a database migrated by a newer version', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('999_from_the_future', now()::text)`.execute(db.kysely);
    await expect(migrate(db)).rejects.toThrow(/999_from_the_future/);
  });
});

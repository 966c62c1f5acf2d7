// Opens the database: embedded PGlite under DATA_DIR, or PostgreSQL when a URL is given. Both speak
// the same SQL and run the same migrations.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type pgModule from 'pg';
import { type ChannelHandlers, listenPostgres } from './notifications';
import { PGliteDialect } from './pglite-dialect';
import { droppedOnRelease, holdOpenings } from './deferred-opening';
import { oneSyncClass } from './one-sync';
import { timestamptzParser } from './timestamps';
import type { Database } from './schema';

export interface Db {
  kysely: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Follows a NOTIFY channel (changes of any process); the returned function stops. */
  listen(channel: string, on: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const toNumber = (v: string) => Number(v);
const asText = (v: string) => v;

// Each driver is loaded only when used: a start on the embedded database does not pay for pg, nor
// a start on PostgreSQL for PGlite (part of the cold start budget).
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    // Ids and counts fit in a JS number; money is numeric(12,2); dates stay 'YYYY-MM-DD'.
    pg.types.setTypeParser(pg.types.builtins.INT8, toNumber);
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, toNumber);
    pg.types.setTypeParser(pg.types.builtins.DATE, asText);
    pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, timestamptzParser(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)));
    // bigint[] (an audit event's patients) as numbers too, as PGlite gives them.
    const BIGINT_ARRAY = 1016 as Parameters<typeof pg.types.getTypeParser>[0]; // _int8: not in the typings' list
    const parseTextArray = pg.types.getTypeParser(BIGINT_ARRAY) as (v: string) => (string | null)[];
    pg.types.setTypeParser(BIGINT_ARRAY, (v: string) => parseTextArray(v).map((x) => (x === null ? null : Number(x))));
    // Pipeline mode: a transaction's opening goes out in the same write as its first statement
    // (deferred-opening.ts), and queries sent together on one connection go together.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DATABASE_POOL_MAX ?? 10), pipeline: true } as pgModule.PoolConfig);
    // A read's last statement goes in a batch of its own making (one-sync.ts): with pg's type
    // parsers and its mapping of values, as pg's own queries.
    const { prepareValue } = await import('pg/lib/utils.js');
    const wire = { parser: (oid: number) => pg.types.getTypeParser(oid, 'text') as (text: string) => unknown, prepareValue, Batch: oneSyncClass(pg.Query) };
    pool.on('connect', (client) => holdOpenings(client, wire));
    pool.on('release', (_err: unknown, client: object) => droppedOnRelease(client));
    // An idle connection the server drops (restart, failover, an administrator) is an 'error' on
    // the pool; unheard it would end the process. The pool discards that connection and the next
    // query opens another, so it is only worth a line in the log.
    pool.on('error', (err) => console.warn(`database: an idle connection was lost (${err.message}); the next query opens another`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = opts.databaseUrl;
    return {
      kysely,
      kind: 'postgres',
      listen: async (channel, on) => listenPostgres(pg, url, channel, on),
      close: () => kysely.destroy(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = path.join(dataDir, 'pgdata');
    fs.mkdirSync(location, { recursive: true });
  }
  return (await openPglite(location)).db;
}

/**
 * The embedded database at `location` ('memory://' or a folder) and the PGlite instance under it;
 * `loadDataDir`: starting from a dumped data folder (the API tests' prepared copy).
 */
export async function openPglite(location: string, loadDataDir?: Blob): Promise<{ db: Db; pglite: PGlite }> {
  const [{ PGlite, types }, { btree_gin }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const pglite = await PGlite.create(location, {
    parsers: { [types.INT8]: toNumber, [types.NUMERIC]: toNumber, [types.DATE]: asText },
    // The extensions the migrations create (PostgreSQL ships them in its contrib package).
    extensions: { pg_trgm, btree_gin },
    loadDataDir,
  });
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  const db: Db = {
    kysely,
    kind: 'pglite',
    // One process owns the embedded database, so its notifications never get lost.
    listen: async (channel, on) => {
      const stop = await pglite.listen(channel, (payload) => on.notify(payload));
      on.live(true);
      return stop;
    },
    close: async () => {
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
  return { db, pglite };
}

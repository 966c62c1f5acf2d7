// The database the API tests start from (tests/api/template-db.ts: made once per run, copied or
// loaded by each test) is the one prepareDatabase makes: same schema, grants and row-level security,
// same rows (but for the moments they were written and salted hashes), and values read back as the
// server reads them. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/server/db/index';
import { openDatabase } from '../../src/server/db/index';
import { prepareDatabase } from '../../src/server/start';
import { freshPostgres } from './harness';
import { loadPglite, sourcesHash } from './template-db';

const serverUrl = process.env.TEST_DATABASE_URL;
const template = inject('apiTemplate');

interface Opened {
  db: Db;
  drop: () => Promise<void>;
}

async function fromTemplate(): Promise<Opened> {
  if (serverUrl) {
    const target = await freshPostgres(serverUrl, template!.postgresTemplate!);
    const db = await openDatabase({ databaseUrl: target.databaseUrl });
    return { db, drop: async () => (await db.close(), await target.drop()) };
  }
  const db = await loadPglite(template!.pgliteDump!);
  return { db, drop: () => db.close() };
}

async function prepared(): Promise<Opened> {
  const target = serverUrl ? await freshPostgres(serverUrl) : null;
  const { db } = await prepareDatabase({ databaseUrl: target?.databaseUrl, dataDir: 'memory://', seedDemo: 'always' });
  return { db, drop: async () => (await db.close(), await target?.drop()) };
}

const rows = async (db: Db, query: string) => (await sql.raw<Record<string, unknown>>(query).execute(db.kysely)).rows;

/** The schema as the catalog has it: tables and columns, constraints, indexes, policies, triggers, functions, grants. */
async function schema(db: Db) {
  return {
    columns: await rows(db, `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' order by 1, 2`),
    constraints: await rows(db, `select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    indexes: await rows(db, `select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
    security: await rows(db, `select relname, relrowsecurity, relforcerowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`),
    policies: await rows(db, `select tablename, policyname, roles::text, cmd, qual, with_check from pg_policies where schemaname = 'public' order by 1, 2`),
    triggers: await rows(db, `select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2`),
    functions: await rows(db, `select proname, pg_get_function_identity_arguments(oid) as args, md5(prosrc) as body from pg_proc where pronamespace = 'public'::regnamespace order by 1, 2`),
    grants: await rows(db, `select grantee, table_name, privilege_type from information_schema.role_table_grants where table_schema = 'public' order by 1, 2, 3`),
    extensions: await rows(db, `select extname from pg_extension order by 1`),
    sequences: await rows(db, `select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`),
  };
}

// Written when the seed ran, or salted: these differ between any two preparations.
const VOLATILE_TYPES = new Set(['timestamp with time zone', 'timestamp without time zone']);
// A change's transaction id (sync_changes.xid) is the server's own counter at the time, not data.
const VOLATILE_COLUMNS = new Set(['password_hash', 'kysely_migration.timestamp', 'sync_changes.xid']);

/** Every table's rows, as sorted text, without the columns that differ between two preparations. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const columns = await rows(db, `select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`);
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    const list = tables.get(String(c.table_name)) ?? [];
    if (!VOLATILE_TYPES.has(String(c.data_type)) && !VOLATILE_COLUMNS.has(String(c.column_name)) && !VOLATILE_COLUMNS.has(`${String(c.table_name)}.${String(c.column_name)}`)) list.push(`"${String(c.column_name)}"`);
    tables.set(String(c.table_name), list);
  }
  const out: Record<string, string[]> = {};
  for (const [table, list] of tables) {
    const found = await rows(db, `select row(${list.join(', ') || 'null'})::text as r from "${table}" order by 1`);
    out[table] = found.map((r) => String(r.r));
  }
  return out;
}

describe('the database the API tests start from', () => {
  let copy: Opened;
  let fresh: Opened;
  beforeAll(async () => {
    copy = await fromTemplate();
    fresh = await prepared();
  }, 120_000);
  afterAll(async () => {
    await copy?.drop();
    await fresh?.drop();
  });

  it('was made for this run, for the database the tests use', () => {
    expect(template).toBeTruthy();
    expect(template!.postgresTemplate !== null).toBe(Boolean(serverUrl));
    expect(template!.pgliteDump !== null).toBe(!serverUrl);
  });

  it('has the schema prepareDatabase makes', async (ctx) => {
    // Another change to the sources during the run: the harness prepares as before then, and the two may differ.
    if (template!.sources !== sourcesHash()) ctx.skip();
    const [a, b] = [await schema(copy.db), await schema(fresh.db)];
    expect(a.columns.length).toBeGreaterThan(100);
    expect(a).toEqual(b);
  });

  it('holds the rows prepareDatabase writes', async (ctx) => {
    if (template!.sources !== sourcesHash()) ctx.skip();
    const [a, b] = [await contents(copy.db), await contents(fresh.db)];
    expect(a.users.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('reads values back as the server does (numbers, dates as text, bigint arrays)', async () => {
    const query = `select 9007199254740991::int8 as big, 12.5::numeric(12,2) as money, '2026-01-02'::date as day, array[1, 2]::bigint[] as ids, now() as at`;
    const [a, b] = [(await rows(copy.db, query))[0], (await rows(fresh.db, query))[0]];
    expect(a.at).toBeInstanceOf(Date);
    expect({ ...a, at: null }).toEqual({ ...b, at: null });
    expect(a.money).toBe(12.5);
  });
});

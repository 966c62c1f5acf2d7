// The database's functions in one place (issue 38): each is written whole once, here, and applied
// as `create or replace` after the migrations run (src/server/db/migrate.ts), so a change is an
// edit of its file and not a migration re-issuing the whole function. A function is applied again
// when its text changed (its hash is kept in schema_functions, migration 068); a start with nothing
// changed costs one small query. Migrations that made them before this stay as they shipped.
// What is not here: fold_text and loose_text (migration 056), whose values are stored in generated
// columns and indexes: changing them means recomputing those, which is a migration's work. A new
// signature (another argument) makes another function beside the old one: drop the old one in a
// migration.
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { FUNCTIONS as AUDIT } from './audit';
import { FUNCTIONS as LIVE_CHANGES } from './live-changes';
import { FUNCTIONS as PATIENTS } from './patients';
import { FUNCTIONS as SESSIONS } from './sessions';
import type { DbFunction } from './types';
import { FUNCTIONS as VERSIONS } from './versions';

/** Every function, in the order they are applied (session_lookup calls clinic_modules). */
export const DB_FUNCTIONS: readonly DbFunction[] = [...VERSIONS, ...LIVE_CHANGES, ...SESSIONS, ...PATIENTS, ...AUDIT];

/** A function's hash: of everything applied for it. */
export const functionHash = (f: DbFunction): string => createHash('sha256').update([f.sql, ...(f.grants ?? [])].join('\n;\n')).digest('hex');

// Any number: taken for the transaction, so two servers starting at once apply them one after the other.
const LOCK = 6_800_068;

/** Applies each function whose text changed since it was last applied; returns their names. */
export async function applyFunctions(db: Kysely<unknown>): Promise<string[]> {
  const stale = async (trx: Kysely<unknown>) => {
    const { rows } = await sql<{ name: string; hash: string }>`select name, hash from schema_functions`.execute(trx);
    const applied = new Map(rows.map((r) => [r.name, r.hash]));
    return DB_FUNCTIONS.filter((f) => applied.get(f.name) !== functionHash(f));
  };
  if (!(await stale(db)).length) return [];
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK})`.execute(trx);
    const changed = await stale(trx);
    for (const f of changed) {
      for (const statement of [f.sql, ...(f.grants ?? [])]) await sql.raw(statement).execute(trx);
      await sql`insert into schema_functions (name, hash) values (${f.name}, ${functionHash(f)})
        on conflict (name) do update set hash = excluded.hash, applied_at = now()`.execute(trx);
    }
    return changed.map((f) => f.name);
  });
}

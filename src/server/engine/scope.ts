// The transaction a request's data access runs in: BEGIN, and on a clinic host the app role and the
// clinic (so PostgreSQL itself hides every other clinic's rows), and a kept session's access epoch
// checked before any statement. The transaction is handed to the function that runs in it.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ACCESS_EPOCH_MOVED } from '../db/migrations/031_access_epoch';
import type { Authorization } from './authorization';
import type { Tx } from './hooks';

export interface ScopeSettings {
  tenantId: number | null;
  /** PostgreSQL over the network takes several statements in one message; PGlite does not. */
  multiStatement?: boolean;
  /** Further transaction-local settings, name -> value (the benchmark's comparison server's). */
  settings?: Readonly<Record<string, string>>;
}

function epochMoved(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === ACCESS_EPOCH_MOVED;
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * BEGIN, and on a clinic host the role and clinic. Over the network both go in one message (a
 * round trip is most of a small request's cost); the clinic id is a number, never user text.
 */
async function begin(conn: Tx, scope: ScopeSettings, authz: Authorization): Promise<void> {
  const calls: string[] = [];
  if (scope.tenantId !== null) {
    if (!Number.isSafeInteger(scope.tenantId)) throw new Error('bad clinic id');
    calls.push(`set_config('role', 'clinic_app', true)`, `set_config('app.tenant_id', '${scope.tenantId}', true)`);
  }
  for (const [name, value] of Object.entries(scope.settings ?? {})) calls.push(`set_config(${quoted(name)}, ${quoted(value)}, true)`);
  // A kept session: its epoch is checked in the same message, before any statement of the request.
  const epoch = authz.pendingEpoch;
  if (epoch !== null) {
    if (!Number.isSafeInteger(epoch)) throw new Error('bad access epoch');
    calls.push(`access_epoch_is(${epoch})`);
  }
  try {
    if (!calls.length) await sql`begin`.execute(conn);
    else if (scope.multiStatement) await sql.raw(`begin; select ${calls.join(', ')}`).execute(conn);
    else {
      await sql`begin`.execute(conn);
      await sql.raw(`select ${calls.join(', ')}`).execute(conn);
    }
  } catch (err) {
    if (epoch === null || !epochMoved(err)) throw err;
    await sql`rollback`.execute(conn);
    await authz.decideAgain(conn);
    return begin(conn, scope, authz);
  }
  authz.confirmed();
}

/** Runs `fn` in one transaction of its own connection: committed if it returns, rolled back if it throws. */
export function inTransaction<T>(db: Kysely<Database>, scope: ScopeSettings, authz: Authorization, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await begin(conn, scope, authz);
    try {
      const result = await fn(conn);
      const { rows } = await sql<{ command?: string }>`commit`.execute(conn);
      // COMMIT answers ROLLBACK when an earlier statement's error was caught and ignored.
      if (rows[0]?.command === 'ROLLBACK') throw new Error('transaction aborted by an earlier error');
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

/**
 * For a request whose first database contact is not one of these transactions: confirms the kept
 * session now (one round trip), or decides again. Nothing to do once confirmed.
 */
export async function confirmAccess(db: Kysely<Database>, authz: Authorization): Promise<void> {
  const epoch = authz.pendingEpoch;
  if (epoch === null) return;
  await db.connection().execute(async (conn) => {
    try {
      if (!Number.isSafeInteger(epoch)) throw new Error('bad access epoch');
      await sql.raw(`select access_epoch_is(${epoch})`).execute(conn);
      authz.confirmed();
    } catch (err) {
      if (!epochMoved(err)) throw err;
      await authz.decideAgain(conn);
    }
  });
}

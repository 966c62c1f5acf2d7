// The transaction a request's data access runs in: BEGIN, and on a clinic host the app role and the
// clinic (so PostgreSQL itself hides every other clinic's rows), and a kept session's access epoch
// checked before any statement. The transaction is handed to the function that runs in it.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ACCESS_EPOCH_MOVED } from '../db/migrations/031_access_epoch';
import type { Authorization } from './authorization';
import type { Tx } from './hooks';
import { DEFERRED, type HeldOpening, LAST } from '../db/deferred-opening';

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

/** The opening's statements after BEGIN (the role and clinic, settings, the access epoch's check); none: BEGIN alone. */
function openingCalls(scope: ScopeSettings, authz: Authorization): string[] {
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
  return calls;
}

/**
 * BEGIN, and on a clinic host the role and clinic. Over the network all of it goes in one message
 * (a round trip is most of a small request's cost), held back to go in the same write as the
 * transaction's first statement (db/deferred-opening.ts); the answer is then the opening's outcome,
 * known once that statement is sent. The clinic id is a number, never user text.
 */
async function begin(conn: Tx, scope: ScopeSettings, authz: Authorization): Promise<HeldOpening | null> {
  const calls = openingCalls(scope, authz);
  if (scope.multiStatement) {
    const opening = `begin${calls.length ? `; select ${calls.join(', ')}` : ''}`;
    const { rows } = await sql.raw<Partial<HeldOpening>>(`${DEFERRED}${opening}`).execute(conn);
    // A connection that does not hold openings has run it already.
    return rows[0]?.outcome ? { outcome: rows[0].outcome } : null;
  }
  await sql`begin`.execute(conn);
  if (calls.length) await sql.raw(`select ${calls.join(', ')}`).execute(conn);
  return null;
}

/**
 * `statement` marked as the last of a transaction `inTransaction` opened: on PostgreSQL its COMMIT
 * is written with it (db/deferred-opening.ts), so nothing may be sent on the transaction after it.
 * Elsewhere a comment.
 */
export function asLast<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(LAST)}${statement}`;
}

/** Runs `fn` in one transaction of its own connection: committed if it returns, rolled back if it throws. */
export function inTransaction<T>(db: Kysely<Database>, scope: ScopeSettings, authz: Authorization, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    for (;;) {
      const epoch = authz.pendingEpoch;
      let opened: HeldOpening | null = null;
      // Every way out below sends a statement after the opening (commit or rollback), so an
      // opening held back is always sent, and its transaction ended.
      try {
        opened = await begin(conn, scope, authz);
        // Confirmed once the opening's answer is in (before the first statement's).
        if (opened) void opened.outcome.then(() => authz.confirmed(), () => undefined);
        else authz.confirmed();
        const result = await fn(conn);
        const { rows } = await sql<{ command?: string }>`commit`.execute(conn);
        // COMMIT answers ROLLBACK when an earlier statement's error was caught and ignored.
        if (rows[0]?.command === 'ROLLBACK') throw new Error('transaction aborted by an earlier error');
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        // The opening's own error comes first: what follows it failed because of it.
        const openingError = opened ? await opened.outcome.then(() => null, (e: unknown) => e) : null;
        const cause = openingError ?? err;
        if (epoch === null || !epochMoved(cause)) throw cause;
        await authz.decideAgain(conn);
      }
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

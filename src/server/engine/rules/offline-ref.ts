// A resource declared `offline` (ResourceDef.offline) takes a device's reference, client_ref, on
// its creates: a create whose answer was lost, sent again, finds the record the first one made
// instead of making a second.
import { sql } from 'kysely';
import type { ResourceDef } from '../../../shared/resource';
import type { Input, Row } from '../hooks';
import { columns } from '../reads';
import type { WriteContext } from './rule';

/** The reference a create brings, as it is stored (lower case), or null. */
export function clientRefOf(def: ResourceDef, input: Input): string | null {
  return def.offline && typeof input.client_ref === 'string' && input.client_ref ? input.client_ref.toLowerCase() : null;
}

/**
 * The record the clinic already holds under `clientRef` (as stored: still sealed), or null.
 * Creates bringing the same reference wait for each other (a transaction-long lock on it), so the
 * second finds what the first made.
 */
export async function madeBefore({ trx, def, tenantId, readableWhere }: WriteContext, clientRef: string): Promise<Row | null> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${def.table}:${clientRef}`}, ${tenantId ?? 0}))`.execute(trx);
  const where = [...readableWhere(def), sql`client_ref = ${clientRef}`];
  const { rows } = await sql<Row>`select ${columns(def)} from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
  return rows[0] ?? null;
}

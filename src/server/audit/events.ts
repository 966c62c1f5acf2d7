// Writing audit events. The engine writes one per create, update, delete, archive and restore in
// the same transaction as the change, and one per read or list of a patient's data; the auth
// layer writes logins, failures, logouts and password and permission changes. Values are never
// copied: an update names the fields it changed, not what they held.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';

/** What an event records (labels: `audit.actions.<action>` in the locale files). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'read',
  'list',
  'login',
  'login_failed',
  'logout',
  'password_change',
  'permissions_change',
  'export',
  'support_access',
  'print',
  'renew',
  'accept',
  'reject',
  'denied',
  'revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted. */
export interface Actor {
  scope: 'central' | 'tenant';
  id: number | null;
  role: number | null;
  /** The name as it is now (kept with the event), or the username a failed login tried. */
  name: string | null;
}

/** Where a request came from, and the support grant it works under, if any. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
  onBehalfOf: number | null;
}

export interface AuditEvent {
  action: AuditAction;
  resource?: string | null;
  recordId?: number | null;
  patientId?: number | null;
  /** A list or search: the patients it showed. */
  patientIds?: number[] | null;
  fields?: string[] | null;
}

export const NO_ORIGIN: Origin = { ip: null, userAgent: null, onBehalfOf: null };

function bigintArray(values: number[] | null | undefined) {
  if (!values) return sql`null`;
  return values.length ? sql`array[${sql.join(values.map((v) => sql`${v}::bigint`))}]` : sql`'{}'::bigint[]`;
}

function textArray(values: string[] | null | undefined) {
  if (!values) return sql`null`;
  return values.length ? sql`array[${sql.join(values.map((v) => sql`${v}::text`))}]` : sql`'{}'::text[]`;
}

const COLUMNS = sql`(tenant_id, actor_scope, user_id, actor_role, actor_name, on_behalf_of, action, resource, record_id, patient_id, patient_ids, fields, ip, user_agent)`;

/** The event's values; its patients may instead be SQL over the rows of the statement (see eventAbout). */
function values(tenantId: number | null, actor: Actor | null, origin: Origin, event: AuditEvent, patients?: { one: RawBuilder<unknown> } | { many: RawBuilder<unknown> }) {
  const patient = patients && 'one' in patients ? patients.one : sql`${event.patientId ?? null}::bigint`;
  const list = patients && 'many' in patients ? patients.many : bigintArray(event.patientIds);
  return sql`${tenantId}::bigint, ${actor?.scope ?? null}::text, ${actor?.id ?? null}::bigint, ${actor?.role ?? null}::smallint, ${actor?.name ?? null}::text,
    ${origin.onBehalfOf}::bigint, ${event.action}::text, ${event.resource ?? null}::text, ${event.recordId ?? null}::bigint, ${patient}, ${list},
    ${textArray(event.fields)}, ${origin.ip}::text, ${origin.userAgent}::text`;
}

/** Appends one event (inside the caller's transaction when `db` is one). */
export async function recordEvent(db: Kysely<Database>, tenantId: number | null, actor: Actor | null, origin: Origin, event: AuditEvent): Promise<void> {
  await sql`insert into audit_events ${COLUMNS} values (${values(tenantId, actor, origin, event)})`.execute(db);
}

/**
 * An insert, for a `with` clause, of one event about the rows of `source` (a CTE of the same
 * statement): a read and its event in one round trip. `patientColumn` is the rows' patient;
 * `many` names all of them (a list), else the one row's. Writes nothing when `source` is empty.
 */
export function eventAbout(source: string, patientColumn: string, many: boolean, tenantId: number | null, actor: Actor | null, origin: Origin, event: AuditEvent): RawBuilder<unknown> {
  const column = sql.ref(`${source}.${patientColumn}`);
  const patients = many ? { many: sql`coalesce(array_agg(distinct ${column}) filter (where ${column} is not null), '{}')::bigint[]` } : { one: sql`min(${column})::bigint` };
  return sql`insert into audit_events ${COLUMNS} select ${values(tenantId, actor, origin, event, patients)} from ${sql.table(source)} having count(*) > 0`;
}

/** The resource an account belongs to: central staff, or a clinic's staff. */
export function accountResource(scope: 'central' | 'tenant'): string {
  return scope === 'central' ? 'users' : 'tenantUsers';
}

/** The fields whose stored value an update changed (bookkeeping columns left out). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const ignored = new Set(['updated_at', 'version']);
  return Object.keys(after).filter((k) => !ignored.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

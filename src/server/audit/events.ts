// Writing audit events. The engine writes one per create, update, delete, archive and restore in
// the same transaction as the change, and one per read or list of a patient's data; the auth
// layer writes logins, failures, logouts and password and permission changes. Values are never
// copied: an update names the fields it changed, not what they held.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'archive'
  | 'restore'
  | 'read'
  | 'list'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_change'
  | 'permissions_change'
  | 'export'
  | 'support_access'
  | 'print'
  | 'renew'
  | 'accept'
  | 'reject'
  | 'denied'
  | 'revoke';

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

/** Appends one event (inside the caller's transaction when `db` is one). */
export async function recordEvent(db: Kysely<Database>, tenantId: number | null, actor: Actor | null, origin: Origin, event: AuditEvent): Promise<void> {
  await sql`insert into audit_events (tenant_id, actor_scope, user_id, actor_role, actor_name, on_behalf_of, action, resource, record_id, patient_id, patient_ids, fields, ip, user_agent)
    values (${tenantId}, ${actor?.scope ?? null}, ${actor?.id ?? null}, ${actor?.role ?? null}, ${actor?.name ?? null}, ${origin.onBehalfOf},
      ${event.action}, ${event.resource ?? null}, ${event.recordId ?? null}, ${event.patientId ?? null}, ${bigintArray(event.patientIds)},
      ${textArray(event.fields)}, ${origin.ip}, ${origin.userAgent})`.execute(db);
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

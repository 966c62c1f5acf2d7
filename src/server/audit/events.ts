// Writing audit events. The engine writes one per create, update, delete, archive and restore in
// the same transaction as the change, and one per read or list of a patient's data (batched: see
// read-log.ts); the auth layer writes logins, failures, logouts and password and permission
// changes. Values are never copied: an update names the fields it changed, not what they held.
import { type Kysely, sql } from 'kysely';
import type { AuditAction } from '../../shared/audit';
import type { Database } from '../db/schema';


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
  /** A change a device queued during an internet cut: its device time and device (issue 37). */
  offline?: { enteredAt: string; deviceId: string } | null;
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

/** The platform itself (the subscription job): a central event with no user. */
export const PLATFORM: Actor = { scope: 'central', id: null, role: null, name: null };

/** Ids as one array parameter (a list may show a hundred patients: one parameter, not a hundred). */
function bigintArray(values: number[] | null | undefined) {
  if (!values) return sql`null`;
  if (!values.every(Number.isSafeInteger)) throw new Error('bad id in an audit event');
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

function textArray(values: string[] | null | undefined) {
  if (!values) return sql`null`;
  return values.length ? sql`array[${sql.join(values.map((v) => sql`${v}::text`))}]` : sql`'{}'::text[]`;
}

export const EVENT_COLUMNS = sql`tenant_id, actor_scope, user_id, actor_role, actor_name, on_behalf_of, action, resource, record_id, patient_id, patient_ids, fields, ip, user_agent, entered_offline_at, device_id`;

/** The event's values, in the order of EVENT_COLUMNS. */
export function eventValues(tenantId: number | null, actor: Actor | null, origin: Origin, event: AuditEvent) {
  return sql`${tenantId}::bigint, ${actor?.scope ?? null}::text, ${actor?.id ?? null}::bigint, ${actor?.role ?? null}::smallint, ${actor?.name ?? null}::text,
    ${origin.onBehalfOf}::bigint, ${event.action}::text, ${event.resource ?? null}::text, ${event.recordId ?? null}::bigint, ${event.patientId ?? null}::bigint,
    ${bigintArray(event.patientIds)}, ${textArray(event.fields)}, ${origin.ip}::text, ${origin.userAgent}::text,
    ${origin.offline?.enteredAt ?? null}::timestamptz, ${origin.offline?.deviceId ?? null}::text`;
}

/** An event with the time it happened (a read's, written later in a batch). */
export interface TimedEvent {
  at: Date;
  tenantId: number | null;
  actor: Actor | null;
  origin: Origin;
  event: AuditEvent;
}

/**
 * Appends many events in one statement of fixed text: each column one array parameter, unnested
 * in order (a multi-row VALUES was 16 parameters a row, its statement parsed and planned afresh for
 * every batch: about 12 µs of PostgreSQL's time an event against 4). A list's patients and the
 * fields go as text (an array literal of checked ids, JSON), made arrays again row by row.
 */
export async function recordEvents(db: Kysely<Database>, events: readonly TimedEvent[]): Promise<void> {
  const column = <T>(of: (e: TimedEvent) => T) => events.map(of);
  const patients = (ids: number[] | null | undefined) => {
    if (!ids) return null;
    if (!ids.every(Number.isSafeInteger)) throw new Error('bad id in an audit event');
    return `{${ids.join(',')}}`;
  };
  await sql`insert into audit_events (at, ${EVENT_COLUMNS})
    select at, tenant_id, actor_scope, user_id, actor_role, actor_name, on_behalf_of, action, resource, record_id, patient_id,
      patient_ids::bigint[], case when fields is null then null else array(select json_array_elements_text(fields::json)) end,
      ip, user_agent, entered_offline_at, device_id
    from unnest(${column((e) => e.at.toISOString())}::timestamptz[], ${column((e) => e.tenantId)}::bigint[], ${column((e) => e.actor?.scope ?? null)}::text[],
      ${column((e) => e.actor?.id ?? null)}::bigint[], ${column((e) => e.actor?.role ?? null)}::smallint[], ${column((e) => e.actor?.name ?? null)}::text[],
      ${column((e) => e.origin.onBehalfOf)}::bigint[], ${column((e) => e.event.action)}::text[], ${column((e) => e.event.resource ?? null)}::text[],
      ${column((e) => e.event.recordId ?? null)}::bigint[], ${column((e) => e.event.patientId ?? null)}::bigint[], ${column((e) => patients(e.event.patientIds))}::text[],
      ${column((e) => (e.event.fields ? JSON.stringify(e.event.fields) : null))}::text[], ${column((e) => e.origin.ip)}::text[], ${column((e) => e.origin.userAgent)}::text[],
      ${column((e) => e.origin.offline?.enteredAt ?? null)}::timestamptz[], ${column((e) => e.origin.offline?.deviceId ?? null)}::text[])
      with ordinality as e(at, tenant_id, actor_scope, user_id, actor_role, actor_name, on_behalf_of, action, resource, record_id, patient_id,
        patient_ids, fields, ip, user_agent, entered_offline_at, device_id, n)
    order by n`.execute(db);
}

/** Appends one event (inside the caller's transaction when `db` is one). */
export async function recordEvent(db: Kysely<Database>, tenantId: number | null, actor: Actor | null, origin: Origin, event: AuditEvent): Promise<void> {
  await sql`insert into audit_events (${EVENT_COLUMNS}) values (${eventValues(tenantId, actor, origin, event)})`.execute(db);
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

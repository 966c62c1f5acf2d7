// Admins' requests about doctors (add, update profile, change plan, delete): submitted, then
// accepted or rejected by the Owner or a Developer. Accepting applies the change through the
// engine, in the same transaction, as the one who accepts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '../index';
import { CENTRAL_ROLE } from '../../src/shared/roles';
import { hashPassword } from '../../src/server/auth/passwords';
import { Diverted, type HookContext, type Input, type Row, type Tx } from '../../src/server/engine/hooks';
import { ApiError, invalidField, notFound } from '../../src/server/http/errors';
import { NO_BODY } from '../../src/server/http/route-rules';
import { int, obj, str } from '../../src/server/http/answers';
import { translate } from '../../src/server/i18n';
import { notify } from '../../src/server/modules/notifications';
import { changePlan } from './subscriptions';

export type RequestKind = 'create' | 'update' | 'plan' | 'delete';
const DECIDERS = [CENTRAL_ROLE.owner, CENTRAL_ROLE.developer];

export async function assertNoPendingRequest(trx: Tx, tenantId: number): Promise<void> {
  const { rows } = await sql`select 1 from doctor_requests where tenant_id = ${tenantId} and status = 'pending'`.execute(trx);
  if (rows.length) throw new ApiError(422, 'requests.pendingLock');
}

/** A stored value as the API would send it back, so a field the Admin left as it was is not "changed". */
function comparable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * What an update or plan request changes: only the fields whose value differs from the doctor's,
 * with the doctor's values before (what the Owner sees as before -> after).
 */
export function changedFields(input: Input, existing: Row): { payload: Input; previous: Input } {
  const payload: Input = {};
  const previous: Input = {};
  for (const [name, value] of Object.entries(input)) {
    const before = existing[name] instanceof Date ? comparable(existing[name]) : (existing[name] ?? null);
    if (comparable(value) === comparable(before)) continue;
    payload[name] = value;
    previous[name] = before;
  }
  return { payload, previous };
}

export async function submitRequest(ctx: HookContext, kind: RequestKind, input: Input, existing: Row | null): Promise<Diverted> {
  const { password, ...asked } = input;
  if (kind === 'create') {
    // Taken by a clinic, or asked for by another request still waiting.
    const taken = await sql`select 1 from tenants where subdomain = ${String(input.subdomain)}
      union all select 1 from doctor_requests where kind = 'create' and status = 'pending' and payload->>'subdomain' = ${String(input.subdomain)}`.execute(ctx.trx);
    if (taken.rows.length) throw invalidField('subdomain', 'validation.unique');
  }
  if (kind === 'plan' && existing && Number(input.plan_id) === Number(existing.plan_id)) throw invalidField('plan_id', 'requests.samePlan');
  const changes = existing && (kind === 'update' || kind === 'plan') ? changedFields(asked, existing) : null;
  const payload = changes?.payload ?? asked;
  // An update that changes nothing (and sets no password) would only lock the doctor.
  if (kind === 'update' && changes && !Object.keys(changes.payload).length && typeof password !== 'string') throw new ApiError(422, 'requests.nothingChanged');
  const passwordHash = typeof password === 'string' ? await hashPassword(password) : null;
  // A new password is shown to the Owner as changed, never as a value.
  if (changes && passwordHash) changes.previous.password = null;
  const doctorName = String(existing?.name ?? payload.name ?? '');
  const subdomain = String(existing?.subdomain ?? payload.subdomain ?? '');
  const { rows } = await sql<{ id: number }>`
    insert into doctor_requests (kind, tenant_id, payload, previous, password_hash, requested_by, requester_name, doctor_name, doctor_subdomain)
    values (${kind}, ${existing?.id ?? null}, ${JSON.stringify(payload)}, ${changes ? JSON.stringify(changes.previous) : null}, ${passwordHash}, ${ctx.caller.userId},
            (select name from users where id = ${ctx.caller.userId}), ${doctorName || null}, ${subdomain || null}) returning id`.execute(ctx.trx);
  const data: Record<string, string | number> = { kind, doctor: doctorName, request_id: rows[0].id };
  if (existing) data.tenant_id = Number(existing.id);
  await notify(ctx.trx, { scope: 'central', tenantId: null, roles: DECIDERS }, 'requestSubmitted', data);
  return new Diverted(202, `requests.submitted.${kind}`, { id: rows[0].id, kind, status: 'pending' }, { action: 'request', resource: 'doctorRequests', recordId: rows[0].id, fields: Object.keys(payload) });
}

/** The reason given with a rejection: optional text, trimmed, at most REASON_MAX characters. */
const REASON_MAX = 500;
/** The optional reason of a rejection, trimmed (its type and length are the route's schema). */
function reasonOf(body: unknown): string | null {
  const raw = (body as { reason?: string | null } | undefined)?.reason;
  return raw?.trim() || null;
}

const rejectBody = { type: 'object', additionalProperties: false, properties: { reason: { type: ['string', 'null'], maxLength: REASON_MAX } } };

interface RequestRow {
  id: number;
  doctor_name: string | null;
  kind: RequestKind;
  tenant_id: number | null;
  payload: Input;
  password_hash: string | null;
  status: string;
  requested_by: number | null;
}

export function registerRequestRoutes(app: FastifyInstance): void {
  const tenants = resourceByName('tenants');
  const config = { scope: 'central', access: { roles: DECIDERS }, record: { resource: resourceByName('doctorRequests'), action: 'read' } } as const;
  const decided = obj({ message: str, data: obj({ id: int, status: str }) });

  async function decide(request: FastifyRequest, accept: boolean) {
    const caller = request.data.caller!;
    const reason = accept ? null : reasonOf(request.body);
    const id = Number((request.params as { id: string }).id);
    return request.data.transaction(async (trx, scoped) => {
      const { rows } = await sql<RequestRow>`select id, kind, tenant_id, payload, password_hash, status, requested_by, doctor_name from doctor_requests where id = ${id} for update`.execute(trx);
      const row = rows[0];
      if (!row) throw notFound();
      if (row.status !== 'pending') throw new ApiError(422, 'requests.alreadyDecided');
      // Plan and delete requests carry no name: the doctor's, kept with the request (a delete removes it).
      const doctor = String(row.payload.name ?? row.doctor_name ?? '');
      await sql`update doctor_requests set status = ${accept ? 'accepted' : 'rejected'}, reason = ${reason}, decided_by = ${caller.userId}, decided_at = ${request.data.now()}, password_hash = null, updated_at = now() where id = ${id}`.execute(trx);
      // Decided: the deciders' notices about it are done with, for every one of them.
      await sql`update notifications set is_read = 1, updated_at = ${request.data.now()}
        where scope = 'central' and kind = 'requestSubmitted' and is_read = 0 and data->>'request_id' = ${String(id)}`.execute(trx);
      await request.data.audit(trx, { action: accept ? 'accept' : 'reject', resource: 'doctorRequests', recordId: id, fields: ['status'] });
      if (accept) {
        if (row.kind === 'create') await scoped.create(tenants, { ...row.payload, password_hash: row.password_hash });
        else if (row.kind === 'update') await scoped.update(tenants, row.tenant_id!, row.password_hash ? { ...row.payload, password_hash: row.password_hash } : row.payload);
        else if (row.kind === 'plan') {
          await changePlan(trx, row.tenant_id!, Number(row.payload.plan_id), caller.userId, request.data.now());
          await request.data.audit(trx, { action: 'plan_change', resource: 'tenants', recordId: row.tenant_id, fields: ['plan_id'] });
        }
        else await scoped.remove(tenants, row.tenant_id!);
      }
      if (row.requested_by) {
        const data: Record<string, string | number> = { kind: row.kind, doctor, request_id: id };
        if (row.tenant_id && !(accept && row.kind === 'delete')) data.tenant_id = row.tenant_id;
        if (reason) data.reason = reason;
        await notify(trx, { scope: 'central', tenantId: null, userIds: [row.requested_by] }, accept ? 'requestAccepted' : 'requestRejected', data);
      }
      return { message: translate(request.lang, accept ? 'requests.accepted' : 'requests.rejected'), data: { id, status: accept ? 'accepted' : 'rejected' } };
    });
  }

  app.post('/requests/:id/accept', { config, schema: { tags: ['requests'], summary: "Accept an Admin's request and apply it", body: NO_BODY, response: { 200: decided } } }, (request) => decide(request, true));
  app.post('/requests/:id/reject', { config, schema: { tags: ['requests'], summary: "Reject an Admin's request, with an optional reason ({ reason }) told to the requester", body: rejectBody, response: { 200: decided } } }, (request) => decide(request, false));
}

// Admins' requests about doctors (add, update profile, change plan, delete): submitted, then
// accepted or rejected by the Owner or a Developer. Accepting applies the change through the
// engine, in the same transaction, as the one who accepts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '../../../resources/index';
import { CENTRAL_ROLE } from '../../shared/roles';
import { hashPassword } from '../auth/passwords';
import { Diverted, type HookContext, type Input, type Row, type Tx } from '../engine/hooks';
import { ApiError, invalidField, notFound } from '../http/errors';
import { translate } from '../i18n';
import { notify } from './notifications';
import { changePlan } from './subscriptions';

export type RequestKind = 'create' | 'update' | 'plan' | 'delete';
const DECIDERS = [CENTRAL_ROLE.owner, CENTRAL_ROLE.developer];

export async function assertNoPendingRequest(trx: Tx, tenantId: number): Promise<void> {
  const { rows } = await sql`select 1 from doctor_requests where tenant_id = ${tenantId} and status = 'pending'`.execute(trx);
  if (rows.length) throw new ApiError(422, 'requests.pendingLock');
}

export async function submitRequest(ctx: HookContext, kind: RequestKind, input: Input, existing: Row | null): Promise<Diverted> {
  const { password, ...payload } = input;
  if (kind === 'create') {
    // Taken by a clinic, or asked for by another request still waiting.
    const taken = await sql`select 1 from tenants where subdomain = ${String(input.subdomain)}
      union all select 1 from doctor_requests where kind = 'create' and status = 'pending' and payload->>'subdomain' = ${String(input.subdomain)}`.execute(ctx.trx);
    if (taken.rows.length) throw invalidField('subdomain', 'validation.unique');
  }
  if (kind === 'plan' && existing && Number(input.plan_id) === Number(existing.plan_id)) throw invalidField('plan_id', 'requests.samePlan');
  const passwordHash = typeof password === 'string' ? await hashPassword(password) : null;
  const { rows } = await sql<{ id: number }>`
    insert into doctor_requests (kind, tenant_id, payload, password_hash, requested_by, requester_name)
    values (${kind}, ${existing?.id ?? null}, ${JSON.stringify(payload)}, ${passwordHash}, ${ctx.caller.userId},
            (select name from users where id = ${ctx.caller.userId})) returning id`.execute(ctx.trx);
  const doctor = String(payload.name ?? existing?.name ?? '');
  await notify(ctx.trx, { scope: 'central', tenantId: null, roles: DECIDERS }, 'requestSubmitted', { kind, doctor });
  return new Diverted(202, `requests.submitted.${kind}`, { id: rows[0].id, kind, status: 'pending' });
}

interface RequestRow {
  id: number;
  kind: RequestKind;
  tenant_id: number | null;
  payload: Input;
  password_hash: string | null;
  status: string;
  requested_by: number | null;
}

export function registerRequestRoutes(app: FastifyInstance): void {
  const tenants = resourceByName('tenants');
  const config = { scope: 'central' } as const;

  async function decide(request: FastifyRequest, accept: boolean) {
    const caller = request.data.require({ roles: DECIDERS });
    const id = Number((request.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    return request.data.transaction(async (trx) => {
      const { rows } = await sql<RequestRow>`select id, kind, tenant_id, payload, password_hash, status, requested_by from doctor_requests where id = ${id} for update`.execute(trx);
      const row = rows[0];
      if (!row) throw notFound();
      if (row.status !== 'pending') throw new ApiError(422, 'requests.alreadyDecided');
      // Plan and delete requests carry no name: take the doctor's before a delete removes it.
      const current = row.tenant_id ? await sql<{ name: string }>`select name from tenants where id = ${row.tenant_id}`.execute(trx) : null;
      const doctor = String(row.payload.name ?? current?.rows[0]?.name ?? '');
      await sql`update doctor_requests set status = ${accept ? 'accepted' : 'rejected'}, decided_by = ${caller.userId}, decided_at = ${request.data.now()}, password_hash = null, updated_at = now() where id = ${id}`.execute(trx);
      await request.data.audit(trx, { action: accept ? 'accept' : 'reject', resource: 'doctorRequests', recordId: id, fields: ['status'] });
      if (accept) {
        if (row.kind === 'create') await request.data.create(tenants, { ...row.payload, password_hash: row.password_hash });
        else if (row.kind === 'update') await request.data.update(tenants, row.tenant_id!, row.password_hash ? { ...row.payload, password_hash: row.password_hash } : row.payload);
        else if (row.kind === 'plan') {
          await changePlan(trx, row.tenant_id!, Number(row.payload.plan_id), caller.userId, request.data.now());
          await request.data.audit(trx, { action: 'update', resource: 'tenants', recordId: row.tenant_id, fields: ['plan_id'] });
        }
        else await request.data.remove(tenants, row.tenant_id!);
      }
      if (row.requested_by) {
        await notify(trx, { scope: 'central', tenantId: null, userIds: [row.requested_by] }, accept ? 'requestAccepted' : 'requestRejected', { kind: row.kind, doctor });
      }
      return { message: translate(request.lang, accept ? 'requests.accepted' : 'requests.rejected'), data: { id, status: accept ? 'accepted' : 'rejected' } };
    });
  }

  app.post('/requests/:id/accept', { config, schema: { tags: ['requests'], summary: "Accept an Admin's request and apply it" } }, (request) => decide(request, true));
  app.post('/requests/:id/reject', { config, schema: { tags: ['requests'], summary: "Reject an Admin's request" } }, (request) => decide(request, false));
}

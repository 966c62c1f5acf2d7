// Calls on a doctor's subscription: change plan, renew; and marking invoices paid.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '../index';
import { CENTRAL_ROLE } from '../../src/shared/roles';
import { type HookContext, type ResourceHooks } from '../../src/server/engine/hooks';
import { recordSchema } from '../../src/server/engine/schema';
import { invalidField } from '../../src/server/http/errors';
import { NO_BODY } from '../../src/server/http/route-rules';
import { obj, str } from '../../src/server/http/answers';
import { translate } from '../../src/server/i18n';
import { assertNoPendingRequest, submitRequest } from './requests';
import { changePlan, reactivateIfSettled, renew } from './subscriptions';

const planBody = { type: 'object', additionalProperties: false, required: ['plan_id'], properties: { plan_id: { type: 'integer', minimum: 1 } } };

/** The path's id (its form checked by the input guard: 404). */
const idOf = (request: FastifyRequest): number => Number((request.params as { id: string }).id);

export function registerSubscriptionRoutes(app: FastifyInstance): void {
  const tenants = resourceByName('tenants');
  const config = { scope: 'central' } as const;

  const answer = obj({ message: str, data: recordSchema(tenants) });
  const planConfig = { ...config, access: { resource: tenants, action: 'update' }, record: { resource: tenants, action: 'update' } } as const;
  app.put('/tenants/:id/plan', { config: planConfig, schema: { tags: ['tenants'], summary: "Change a doctor's plan (an Admin's change becomes a request: 202)", body: planBody, response: { 200: answer, 202: obj({ message: str, data: obj({}, []) }) } } }, async (request, reply) => {
    const caller = request.data.caller!;
    const { plan_id } = request.body as { plan_id: number };
    const id = idOf(request);
    return request.data.transaction(async (trx, data) => {
      const existing = await data.get(tenants, id);
      await assertNoPendingRequest(trx, id);
      if (Number(existing.plan_id) === plan_id) throw invalidField('plan_id', 'requests.samePlan');
      const plan = await sql`select 1 from plans where id = ${plan_id}`.execute(trx);
      if (!plan.rows.length) throw invalidField('plan_id', 'validation.relation');
      // An Admin's change waits for an Owner's decision.
      if (request.data.allows({ roles: [CENTRAL_ROLE.admin] })) {
        const ctx: HookContext = { trx, caller, tenantId: null, now: request.data.now() };
        const diverted = await submitRequest(ctx, 'plan', { plan_id }, existing);
        if (diverted.event) await request.data.audit(trx, diverted.event);
        return reply.status(202).send({ message: translate(request.lang, diverted.messageKey), data: diverted.data });
      }
      await changePlan(trx, id, plan_id, caller.userId, request.data.now());
      await request.data.audit(trx, { action: 'plan_change', resource: 'tenants', recordId: id, fields: ['plan_id'] });
      return { message: translate(request.lang, 'messages.planUpdated'), data: await data.get(tenants, id) };
    });
  });

  const renewConfig = { ...config, access: { roles: [CENTRAL_ROLE.owner, CENTRAL_ROLE.developer] }, record: { resource: tenants, action: 'read' } } as const;
  app.post('/tenants/:id/renew', { config: renewConfig, schema: { tags: ['tenants'], summary: "Renew a doctor's subscription for a year, with its invoice", body: NO_BODY, response: { 200: answer } } }, async (request) => {
    const caller = request.data.caller!;
    const id = idOf(request);
    return request.data.transaction(async (trx, data) => {
      await data.get(tenants, id);
      await assertNoPendingRequest(trx, id);
      await renew(trx, id, caller.userId, request.data.now());
      await request.data.audit(trx, { action: 'renew', resource: 'tenants', recordId: id, fields: ['subscription_start', 'subscription_end'] });
      return { message: translate(request.lang, 'messages.renewed'), data: await data.get(tenants, id) };
    });
  });
}

/** Marking an invoice paid stamps it, and may bring a suspended clinic back. */
export const invoiceHooks: ResourceHooks = {
  beforeUpdate(ctx, input) {
    if (input.is_paid !== undefined) input.paid_at = input.is_paid ? ctx.now.toISOString() : null;
  },
  async afterUpdate(ctx, record, input) {
    if (input.is_paid === true) await reactivateIfSettled(ctx.trx, Number(record.tenant_id), ctx.caller.userId, ctx.now);
  },
};

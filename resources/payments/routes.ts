// The payments ledger's calls beside the engine's list, show, create and note edit:
// - POST /payments/:id/refund: all or part of what is left of a payment, as a row of its own
//   (whoever may update payments);
// - GET /patients/:id/balance: what the patient was charged, paid, and still owes;
// - GET /payments/daily?date=: the desk's cash report of a day, by method and by staff member.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '..';
import { APPOINTMENT_STATUS, ENUMS } from '../../src/shared/enums';
import { dayOf } from '../../src/server/days';
import { recordSchema } from '../../src/server/engine/schema';
import { arr, dataAnswer, dayParam, int, nullable, num, obj, str } from '../../src/server/http/answers';
import { refund } from './hooks';

const PAYMENTS = resourceByName('payments');
const PATIENTS = resourceByName('patients');

const refundBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    amount: { type: 'number', minimum: 0.01, maximum: 100_000_000 },
    method: { type: 'integer', enum: [...ENUMS.paymentMethod] },
    note: { type: ['string', 'null'], maxLength: 300 },
  },
};

/** The path's id (its form checked by the input guard: 404). */
const idParam = (params: unknown): number => Number((params as { id: string }).id);

const sums = { payments: num, refunds: num, net: num, count: int };
const dailyAnswer = dataAnswer(obj({ date: str, total: obj(sums), methods: arr(obj({ method: int, ...sums })), staff: arr(obj({ user_id: nullable(int), name: nullable(str), ...sums })) }));

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

export function registerPaymentRoutes(app: FastifyInstance): void {
  app.post(
    '/payments/:id/refund',
    {
      config: { scope: 'tenant', access: { resource: PAYMENTS, action: 'update' }, record: { resource: PAYMENTS, action: 'read' } },
      schema: { tags: ['payments'], summary: 'Refund all or part of what is left of a payment (a new, negative row with its own receipt number)', body: refundBody, response: { 201: dataAnswer(recordSchema(PAYMENTS)) } },
    },
    async (request, reply) => {
    const id = idParam(request.params);
    const data = request.data;
    const caller = data.caller!;
    const body = request.body as { amount?: number; method?: number; note?: string | null };
    const made = await data.transaction(async (trx, data) => {
      await data.get(PAYMENTS, id); // this clinic's, readable by the caller: else 404
      const row = await refund({ trx, caller, tenantId: data.tenantId, now: data.now() }, id, body);
      await data.audit(trx, { action: 'create', resource: 'payments', recordId: row.id, patientId: Number(row.patient_id), fields: ['amount', 'method', 'refund_of'] });
      return data.get(PAYMENTS, row.id);
    });
    return reply.status(201).send({ data: made });
    },
  );

  // These two reach the database only through request.data's transactions (the kept session confirmed in its BEGIN).
  app.get('/patients/:id/balance', { config: { scope: 'tenant', confirmsInTransaction: true, access: { resource: PAYMENTS, action: 'read' } }, schema: { tags: ['payments'], summary: "What a patient was charged (visits' fees, bookings attended without a visit), paid (net of refunds), and owes", response: { 200: dataAnswer(obj({ charged: num, paid: num, balance: num })) } } }, async (request) => {
    const id = idParam(request.params);
    const data = request.data;
    return data.transaction(async (trx, data) => {
      await data.get(PATIENTS, id);
      const clinic = data.tenantId;
      const { rows } = await sql<{ charged: number; paid: number }>`select
          coalesce((select sum(fee) from visitings where tenant_id = ${clinic} and patient_id = ${id} and archived_at is null), 0)
          + coalesce((select sum(a.amount) from appointments a where a.tenant_id = ${clinic} and a.patient_id = ${id}
              and (a.checked_in_at is not null or a.status = ${APPOINTMENT_STATUS.done})
              and not exists (select 1 from visitings v where v.tenant_id = a.tenant_id and v.appointment_id = a.id and v.archived_at is null)), 0) as charged,
          coalesce((select sum(amount) from payments where tenant_id = ${clinic} and patient_id = ${id}), 0) as paid`.execute(trx);
      const charged = money(rows[0]?.charged);
      const paid = money(rows[0]?.paid);
      data.noteRead({ action: 'read', resource: 'payments', patientId: id });
      return { data: { charged, paid, balance: money(charged - paid) } };
    });
  });

  app.get('/payments/daily', { config: { scope: 'tenant', confirmsInTransaction: true, access: { resource: PAYMENTS, action: 'read' } }, schema: { tags: ['payments'], summary: 'The cash report of a day (default today): payments, refunds and net by method and by staff member', querystring: { type: 'object', additionalProperties: false, properties: { date: dayParam } }, response: { 200: dailyAnswer } } }, async (request) => {
    const data = request.data;
    const asked = (request.query as { date?: string }).date;
    const day = asked ?? dayOf(data.now());
    return data.transaction(async (trx) => {
      const { rows } = await sql<{ method: number; taken_by: number | null; name: string | null; payments: number; refunds: number; count: number }>`
        select p.method, p.taken_by, u.name,
          coalesce(sum(p.amount) filter (where p.amount > 0), 0) as payments,
          coalesce(-sum(p.amount) filter (where p.amount < 0), 0) as refunds,
          count(*) as count
        from payments p left join tenant_users u on u.tenant_id = p.tenant_id and u.id = p.taken_by
        where p.tenant_id = ${data.tenantId} and p.date = ${day}
        group by p.method, p.taken_by, u.name`.execute(trx);
      const total = { payments: 0, refunds: 0, net: 0, count: 0 };
      const methods = ENUMS.paymentMethod.map((method) => ({ method, payments: 0, refunds: 0, net: 0, count: 0 }));
      const staff = new Map<string, { user_id: number | null; name: string | null; payments: number; refunds: number; net: number; count: number }>();
      for (const r of rows) {
        const add = (into: { payments: number; refunds: number; net: number; count: number }) => {
          into.payments = money(into.payments + Number(r.payments));
          into.refunds = money(into.refunds + Number(r.refunds));
          into.net = money(into.payments - into.refunds);
          into.count += Number(r.count);
        };
        add(total);
        const m = methods.find((x) => x.method === Number(r.method));
        if (m) add(m);
        const key = String(r.taken_by);
        if (!staff.has(key)) staff.set(key, { user_id: r.taken_by, name: r.name, payments: 0, refunds: 0, net: 0, count: 0 });
        add(staff.get(key)!);
      }
      return { data: { date: day, total, methods, staff: [...staff.values()].sort((a, b) => b.net - a.net) } };
    });
  });
}

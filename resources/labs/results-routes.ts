// PATCH /lab-orders/:id/results { results: [{ id, value | value_text }] }: the one-screen entry of
// an order's results (issue 40). Each row is validated as a PATCH of that result would be (digits of
// any script, the test's kind, its range or normal answers) and saved through the engine in one
// transaction: one refused row saves none, its error named `results.<i>.<field>`. Whoever may update
// lab results may enter them; a result of another order is refused (404 like a missing one).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '..';
import { Diverted } from '../../src/server/engine/hooks';
import { fieldSchema, recordSchema } from '../../src/server/engine/schema';
import { compile, normalizeInput, toFieldErrors } from '../../src/server/engine/validate';
import { ApiError, type FieldErrors, invalid, notFound } from '../../src/server/http/errors';
import { dataAnswer, arr, int } from '../../src/server/http/answers';

const ORDERS = resourceByName('labOrders');
const RESULTS = resourceByName('labResults');
const ENTERED = ['value', 'value_text'] as const;

const rowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: int, ...Object.fromEntries(ENTERED.map((f) => [f, fieldSchema(RESULTS.fields[f])])) },
};
const checkRow = compile(rowSchema);
const body = {
  type: 'object',
  additionalProperties: false,
  required: ['results'],
  properties: { results: { type: 'array', minItems: 1, maxItems: 40, items: { type: 'object', required: ['id'], properties: { id: int } } } },
};

/** A row's field errors under `results.<i>.`. */
const under = (i: number, fields: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(fields).map(([k, v]) => [`results.${i}.${k}`, v]));

export function registerLabResultRoutes(app: FastifyInstance): void {
  app.patch(
    '/lab-orders/:id/results',
    {
      config: { scope: 'tenant', access: { resource: RESULTS, action: 'update' }, record: { resource: ORDERS, action: 'read' } },
      schema: { tags: [ORDERS.name], summary: "Enter an order's results on one screen: each { id, value or value_text }, all saved or none", body, response: { 200: dataAnswer(arr(recordSchema(RESULTS))) } },
    },
    async (request) => {
      const orderId = Number((request.params as { id: string }).id);
      const rows = (request.body as { results: Record<string, unknown>[] }).results.map((r) => normalizeInput(RESULTS, r) as Record<string, unknown>);
      rows.forEach((row, i) => {
        if (!checkRow(row)) throw invalid(under(i, toFieldErrors(checkRow.errors ?? [])));
      });
      const ids = rows.map((r) => Number(r.id));
      const saved = await request.data.transaction(async (trx, data) => {
        const { rows: own } = await sql<{ id: number }>`select id from lab_results where tenant_id = ${request.tenant!.id} and lab_order_id = ${orderId} and id in (${sql.join(ids)})`.execute(trx);
        if (new Set(own.map((r) => Number(r.id))).size !== new Set(ids).size) throw notFound();
        const out = [];
        for (const [i, { id, ...entered }] of rows.entries()) {
          try {
            const result = await data.update(RESULTS, Number(id), entered);
            if (result instanceof Diverted) throw new Error('lab results are never diverted');
            out.push(result);
          } catch (err) {
            if (err instanceof ApiError && err.status === 422 && err.fields) throw invalid(under(i, err.fields));
            throw err;
          }
        }
        return out;
      });
      return { data: saved };
    },
  );
}

// GET /stock-items/alerts: the items at or under their reorder level and those expiring within
// EXPIRY_WARNING_DAYS of the clinic's today (or expired), at most 20 of each, for the dashboard's
// stock card (resources/stock/StockWarnings.tsx). Whoever may read the stock items may ask.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '../index';
import { columns } from '../../src/server/engine/reads';
import { localDay } from '../../src/server/days';
import { arr, dataAnswer, int, nullable, num, obj, str } from '../../src/server/http/answers';
import { EXPIRY_WARNING_DAYS, type StockAlerts } from './alerts';

const ITEMS = resourceByName('stockItems');
const LIMIT = 20;

const alertsAnswer = dataAnswer(
  obj({
    low: arr(obj({ id: int, name: str, unit: nullable(str), stock: num, reorder_level: num })),
    expiring: arr(obj({ id: int, name: str, expiry_date: str })),
  }),
);

export function registerStockRoutes(app: FastifyInstance): void {
  app.get(
    '/stock-items/alerts',
    {
      config: { scope: 'tenant', access: { resource: ITEMS, action: 'read' } },
      schema: { tags: [ITEMS.name], summary: `Items at or under their reorder level, and those expiring within ${EXPIRY_WARNING_DAYS} days`, response: { 200: alertsAnswer } },
    },
    async (request): Promise<{ data: StockAlerts }> => {
      const tenantId = request.tenant!.id;
      const today = localDay(request.data.now()).format('YYYY-MM-DD');
      // The item's stock is a declared sum: `columns` selects it with the row, as the list does.
      const items = sql`(select ${columns(ITEMS)} from stock_items where tenant_id = ${tenantId} and archived_at is null) s`;
      return request.data.transaction(async (trx) => {
        const low = await sql<{ id: string; name: string; unit: string | null; stock: string; reorder_level: string }>`
          select id, name, unit, stock, reorder_level from ${items} where stock <= reorder_level order by stock - reorder_level, name limit ${LIMIT}`.execute(trx);
        const expiring = await sql<{ id: string; name: string; expiry_date: string }>`
          select id, name, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date from ${items}
          where expiry_date <= ${today}::date + ${EXPIRY_WARNING_DAYS}::int order by expiry_date, name limit ${LIMIT}`.execute(trx);
        return {
          data: {
            low: low.rows.map((r) => ({ id: Number(r.id), name: r.name, unit: r.unit, stock: Number(r.stock), reorder_level: Number(r.reorder_level) })),
            expiring: expiring.rows.map((r) => ({ id: Number(r.id), name: r.name, expiry_date: r.expiry_date })),
          },
        };
      });
    },
  );
}

// The demo clinic's stock (issue 40): two suppliers, a few medicines of the catalog and supplies
// with deliveries in and use out, one under its reorder level and one expiring within the month,
// so a fresh demo's dashboard shows both warnings.
import dayjs from 'dayjs';
import { type Transaction, sql } from 'kysely';
import type { Database } from './schema';

const SUPPLIERS = [
  { name: 'Kurdistan Pharma Co.', phone: '+9647501112233' },
  { name: 'Slemani Medical Supplies', phone: '+9647709988776' },
];

interface SeedItem {
  name: string;
  /** The catalog's medicine it is (by name), none for a supply. */
  drug?: string;
  unit: string;
  reorder: number;
  price: number;
  /** Days from today to its expiry. */
  expiresIn?: number;
  /** Delivered (from the first or second supplier) and used, days ago. */
  delivered: [quantity: number, supplier: number, daysAgo: number][];
  used: [quantity: number, daysAgo: number][];
}

export const STOCK_ITEMS: SeedItem[] = [
  { name: 'Paracetamol 500 mg', drug: 'Paracetamol', unit: 'box', reorder: 10, price: 1500, expiresIn: 420, delivered: [[40, 0, 60]], used: [[6, 30], [5, 9]] },
  // Under its reorder level: the dashboard's "low stock".
  { name: 'Amoxicillin 500 mg', drug: 'Amoxicillin', unit: 'box', reorder: 10, price: 3000, expiresIn: 300, delivered: [[20, 0, 75]], used: [[8, 40], [6, 12]] },
  // Expiring within the month: the dashboard's "expiring soon".
  { name: 'Omeprazole 20 mg', drug: 'Omeprazole', unit: 'box', reorder: 5, price: 2500, expiresIn: 18, delivered: [[15, 0, 90]], used: [[3, 20]] },
  { name: 'Disposable gloves (100)', unit: 'box', reorder: 5, price: 6000, delivered: [[12, 1, 50]], used: [[2, 25], [1, 4]] },
  { name: 'Syringe 5 ml', unit: 'piece', reorder: 50, price: 250, expiresIn: 900, delivered: [[200, 1, 50], [100, 1, 10]], used: [[120, 15]] },
];

export async function seedStock(trx: Transaction<Database>, tenantId: number, now: Date): Promise<void> {
  const today = dayjs(now).startOf('day');
  const day = (offset: number) => today.add(offset, 'day').format('YYYY-MM-DD');
  const suppliers = await sql<{ id: number }>`insert into suppliers (tenant_id, name, phone)
    values ${sql.join(SUPPLIERS.map((s) => sql`(${tenantId}, ${s.name}, ${s.phone})`))} returning id`.execute(trx);
  const drugs = await trx.selectFrom('drugs').select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
  const items = await sql<{ id: number }>`insert into stock_items (tenant_id, name, drug_id, unit, reorder_level, unit_price, expiry_date)
    values ${sql.join(
      STOCK_ITEMS.map((i) => sql`(${tenantId}, ${i.name}, ${drugs.find((d) => d.name === i.drug)?.id ?? null}, ${i.unit}, ${i.reorder}, ${i.price}, ${i.expiresIn === undefined ? null : day(i.expiresIn)})`),
    )} returning id`.execute(trx);
  const movements = STOCK_ITEMS.flatMap((item, n) => [
    ...item.delivered.map(([quantity, supplier, ago]) => sql`(${tenantId}, ${items.rows[n].id}, 'in', ${quantity}, ${day(-ago)}, ${suppliers.rows[supplier].id})`),
    ...item.used.map(([quantity, ago]) => sql`(${tenantId}, ${items.rows[n].id}, 'out', ${quantity}, ${day(-ago)}, ${null})`),
  ]);
  await sql`insert into stock_movements (tenant_id, stock_item_id, kind, quantity, date, supplier_id) values ${sql.join(movements)}`.execute(trx);
}

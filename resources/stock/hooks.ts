// Stock on the server (resources/stock): no movement, change or deletion may leave an item with
// less than nothing, a dispensing (a movement out naming a visit's prescription line) takes from
// the item of that line's drug.
import { sql } from 'kysely';
import { resourceByName } from '../index';
import type { HookContext, Input, ResourceHooks, Row } from '../../src/server/engine/hooks';
import { columns } from '../../src/server/engine/reads';
import { invalidField } from '../../src/server/http/errors';

/** A movement's effect on its item's stock. */
const effect = (m: Input): number => (m.kind === 'out' ? -1 : 1) * Number(m.quantity ?? 0);

/** Refuses taking `change` from an item holding less; the item's row stays locked until the end, so two dispensings do not both take the last box. */
async function refuseShortfall(ctx: HookContext, itemId: unknown, change: number, field: string): Promise<void> {
  if (change >= 0 || itemId == null) return;
  await sql`select id from stock_items where tenant_id = ${ctx.tenantId} and id = ${Number(itemId)} for update`.execute(ctx.trx);
  const def = resourceByName('stockItems');
  const { rows } = await sql<{ stock: string; unit: string | null }>`select ${columns(def)} from stock_items where tenant_id = ${ctx.tenantId} and id = ${Number(itemId)}`.execute(ctx.trx);
  const stock = Number(rows[0]?.stock ?? 0);
  if (stock + change < 0) throw invalidField(field, 'validation.notEnoughStock', { stock, unit: rows[0]?.unit ?? '' });
}

/** A dispensing names a visit's prescription line: it is a movement out of the item of that line's drug. */
async function checkDispensing(ctx: HookContext, m: Input): Promise<void> {
  if (m.prescription_line == null) return;
  if (m.visiting_id == null) throw invalidField('visiting_id', 'validation.required');
  if (m.kind !== 'out') throw invalidField('kind', 'validation.dispensingIsOut');
  const visit = await sql<{ prescriptions: { drug_id?: number }[] }>`select prescriptions from visitings where tenant_id = ${ctx.tenantId} and id = ${Number(m.visiting_id)}`.execute(ctx.trx);
  const drugId = visit.rows[0]?.prescriptions?.[Number(m.prescription_line)]?.drug_id;
  if (drugId == null) throw invalidField('prescription_line', 'validation.relation');
  const item = await sql<{ id: string }>`select id from stock_items where tenant_id = ${ctx.tenantId} and drug_id = ${drugId} and archived_at is null`.execute(ctx.trx);
  if (Number(item.rows[0]?.id) !== Number(m.stock_item_id)) throw invalidField('stock_item_id', 'validation.notThePrescribedDrug');
}

export const stockMovementHooks: ResourceHooks = {
  async beforeCreate(ctx, input) {
    await checkDispensing(ctx, input);
    await refuseShortfall(ctx, input.stock_item_id, effect(input), 'quantity');
  },
  async beforeUpdate(ctx, input, existing) {
    const next = { ...existing, ...input };
    await checkDispensing(ctx, next);
    if (Number(next.stock_item_id) === Number(existing.stock_item_id)) {
      await refuseShortfall(ctx, next.stock_item_id, effect(next) - effect(existing), 'quantity');
    } else {
      await refuseShortfall(ctx, existing.stock_item_id, -effect(existing), 'stock_item_id');
      await refuseShortfall(ctx, next.stock_item_id, effect(next), 'quantity');
    }
  },
  async beforeDelete(ctx, existing: Row) {
    await refuseShortfall(ctx, existing.stock_item_id, -effect(existing), 'quantity');
  },
};

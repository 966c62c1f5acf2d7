// A declared plan quota (`quota` on a declaration): the clinic's plan caps how many records of the
// resource it keeps (lawsuits under max_cases). Checked after the insert, as the create's last
// step, under a per-clinic lock, so two creates racing for the last place cannot both get it; the
// count is its own statement, so it sees every create committed while it waited.
import { sql } from 'kysely';
import { invalidField } from '../../http/errors';
import type { WriteContext } from './rule';

export async function quota({ trx, def, tenantId }: WriteContext): Promise<void> {
  const declared = def.quota;
  if (!declared || tenantId === null) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`plan:${def.name}:${tenantId}`}))`.execute(trx);
  const { rows } = await sql<{ max: number; n: number }>`
    select ${sql.ref(`p.${declared.plan}`)} as max,
           (select count(*)::int from ${sql.table(def.table)} r where r.tenant_id = t.id) as n
    from tenants t join plans p on p.id = t.plan_id where t.id = ${tenantId}`.execute(trx);
  const plan = rows[0];
  if (plan && plan.n > plan.max) throw invalidField(declared.field, declared.message, { limit: plan.max });
}

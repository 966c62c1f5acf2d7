// Fields declared `fill` take the chosen record's value when the relation is set and they are left
// out (a booking's amount from its service's price); on a change only when the choice changes. A
// target the clinic does not have fills nothing: its foreign key then refuses it on the relation.
import { sql } from 'kysely';
import { resourceByName } from '../../../../resources/index';
import type { Row } from '../hooks';
import type { WriteContext } from './rule';

export async function fill({ trx, def, input, existing, readableWhere }: WriteContext): Promise<void> {
  for (const [name, field] of Object.entries(def.fields)) {
    const from = field.fill?.from;
    if (!from || input[name] !== undefined || input[from] === undefined || input[from] === null) continue;
    // A change that keeps the same choice keeps the value (a discount given earlier).
    if (existing && Number(existing[from]) === Number(input[from])) continue;
    const target = resourceByName(def.fields[from].relation!.resource);
    const where = [...readableWhere(target), sql`id = ${input[from]}`];
    const { rows } = await sql<Row>`select ${sql.ref(field.fill!.field)} as value from ${sql.table(target.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
    if (rows.length) input[name] = rows[0].value === null ? null : Number(rows[0].value);
  }
}

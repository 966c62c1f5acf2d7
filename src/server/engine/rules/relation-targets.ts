// Relations declared with `only` must point at a target holding one of those values in each named
// column (an appointment's doctor is a doctor); the foreign key checks the rest.
import { sql } from 'kysely';
import { resourceByName } from '../../../../resources/index';
import { type FieldErrors, invalid } from '../../http/errors';
import type { WriteContext } from './rule';

export async function relationTargets({ trx, def, input, readableWhere }: WriteContext): Promise<void> {
  const errors: FieldErrors = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const only = field.relation?.only;
    if (!only || input[name] === undefined || input[name] === null) continue;
    const target = resourceByName(field.relation!.resource);
    const where = [sql`id = ${Number(input[name])}`, ...readableWhere(target), ...Object.entries(only).map(([col, values]) => sql`${sql.ref(col)} in (${sql.join(values)})`)];
    const { rows } = await sql`select 1 from ${sql.table(target.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
    if (!rows.length) errors[name] = [{ key: 'validation.relation' }];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

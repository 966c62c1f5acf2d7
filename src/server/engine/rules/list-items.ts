// A list's items that name records of a catalog (a prescription's drugs, a drug's ingredients):
// each id must be one of the clinic's records (archived ones included: an old visit keeps its
// archived drug), and the item's read-only fields the catalog also has are copied from it, so a
// saved list keeps the names as they were (see FieldDef.items).
import { sql } from 'kysely';
import { resourceByName } from '../../../../resources/index';
import { type FieldErrors, invalid } from '../../http/errors';
import type { WriteContext } from './rule';

type Item = Record<string, unknown>;

export async function listItems({ trx, def, tenantId, input }: WriteContext): Promise<void> {
  const errors: FieldErrors = {};
  for (const [field, spec] of Object.entries(def.fields)) {
    if (spec.type !== 'list' || !Array.isArray(input[field])) continue;
    const [idField, idSpec] = Object.entries(spec.items ?? {}).find(([, f]) => f.type === 'relation') ?? [];
    if (!idField || !idSpec?.relation) continue;
    const items = input[field] as Item[];
    const ids = [...new Set(items.map((i) => Number(i[idField])).filter(Number.isSafeInteger))];
    const target = resourceByName(idSpec.relation.resource);
    const kept = Object.keys(spec.items ?? {}).filter((k) => spec.items![k].readOnly && k in target.fields);
    const scope = target.scope === 'tenant' ? sql`tenant_id = ${tenantId} and ` : sql``;
    const { rows } = ids.length
      ? await sql<Item & { id: number }>`select ${sql.join(['id', ...kept].map((c) => sql.ref(c)))} from ${sql.table(target.table)}
          where ${scope}id in (${sql.join(ids)})`.execute(trx)
      : { rows: [] };
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    items.forEach((item, index) => {
      const source = byId.get(Number(item[idField]));
      if (source === undefined) errors[`${field}.${index}.${idField}`] = [{ key: 'validation.relation' }];
      else for (const k of kept) item[k] = source[k] ?? null;
    });
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

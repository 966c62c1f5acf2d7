// A clinic's ingredient catalog starts with the common ingredients and their classes
// (shared/drug-classes.ts); the clinic adds its own and names them on its drugs.
import { type QueryExecutorProvider, sql } from 'kysely';
import { STARTER_INGREDIENTS } from '../../shared/drug-classes';

/** Gives the clinic the starting list (names it already has are left as they are). */
export async function seedIngredients(db: QueryExecutorProvider, tenantId: number): Promise<void> {
  const values = STARTER_INGREDIENTS.map(([name, cls]) => sql`(${tenantId}::bigint, ${name}, ${cls}::smallint)`);
  // No conflict target: migration 057 runs this before 065 folds the names' unique key to lower(name).
  await sql`insert into ingredients (tenant_id, name, drug_class) values ${sql.join(values)} on conflict do nothing`.execute(db);
}

/** Names each drug's ingredients, by drug and ingredient names (the demo catalog). */
export async function nameIngredients(db: QueryExecutorProvider, tenantId: number, contents: Readonly<Record<string, readonly string[]>>): Promise<void> {
  for (const [drug, names] of Object.entries(contents)) {
    await sql`update drugs d set ingredients = coalesce((
        select jsonb_agg(jsonb_build_object('ingredient_id', i.id, 'name', i.name) order by array_position(${names as string[]}::text[], i.name))
        from ingredients i where i.tenant_id = d.tenant_id and i.name = any(${names as string[]}::text[])), '[]'::jsonb)
      where d.tenant_id = ${tenantId} and d.name = ${drug}`.execute(db);
  }
}

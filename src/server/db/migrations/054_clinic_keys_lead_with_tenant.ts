// The platform's invoices and plan history are a clinic's rows (tenant_id not null) but were keyed
// by id alone: their primary keys now lead with tenant_id like every other clinic table's, so a
// Citus cluster can distribute them with the clinic (its unique constraints must hold the
// distribution column; src/server/db/citus.ts, tests/api/citus-schema.test.ts). Nothing references
// either table, and id stays unique by its identity; an index on id keeps the central screens'
// lookups by id as quick as before.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invoices', 'plan_histories']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_pkey`)}, add primary key (tenant_id, id)`.execute(db);
    await sql`create index ${sql.raw(`${table}_id_idx`)} on ${sql.table(table)} (id)`.execute(db);
  }
}

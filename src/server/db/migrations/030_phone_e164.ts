// Phones in one international form (E.164, '+9647711881259'): the API stores every phone so from
// now on (src/shared/phone.ts); this converts the ones already stored (demo data, typed before) where
// they parse as a valid number, Iraq being the region of a number without country code. Others stay
// as they are. The patient search text (migration 025) follows the column by itself, so its
// trigram index needs no change. The tables are listed here, not read from the registry, so this
// migration does the same thing whatever is declared later.
import { type Kysely, sql } from 'kysely';
import { toE164 } from '../../../shared/phone';

/** Tables with a `phone` column; a clinic's are keyed by (tenant_id, id), which their index serves. */
const TABLES: readonly { table: string; clinic: boolean }[] = [
  { table: 'tenants', clinic: false },
  { table: 'users', clinic: false },
  { table: 'locations', clinic: false },
  { table: 'landing_sections', clinic: false },
  { table: 'tenant_users', clinic: true },
  { table: 'tenant_locations', clinic: true },
  { table: 'patients', clinic: true },
];

const BATCH = 1000;

interface Row {
  tenant_id: string | number;
  id: string | number;
  phone: string;
}

async function convertTable(db: Kysely<unknown>, table: string, clinic: boolean): Promise<void> {
  const t = sql.table(table);
  const tenant = clinic ? sql`tenant_id` : sql`0::bigint`;
  let after: [string | number, string | number] = [0, 0];
  for (;;) {
    // Keyset pages: a million patients are read a thousand at a time, never all at once.
    const { rows } = await sql<Row>`select ${tenant} as tenant_id, id, phone from ${t}
      where phone is not null and phone !~ '^[+][0-9]+$' and (${tenant}, id) > (${after[0]}::bigint, ${after[1]}::bigint)
      order by 1, 2 limit ${BATCH}`.execute(db);
    if (!rows.length) return;
    const last = rows[rows.length - 1];
    after = [last.tenant_id, last.id];
    const changes = rows.flatMap((r) => {
      const phone = toE164(r.phone);
      return phone && phone !== r.phone ? [{ tenant_id: String(r.tenant_id), id: String(r.id), phone }] : [];
    });
    if (!changes.length) continue;
    const values = sql`json_to_recordset(${JSON.stringify(changes)}::json) as v(tenant_id bigint, id bigint, phone text)`;
    const match = clinic ? sql`${t}.tenant_id = v.tenant_id and ${t}.id = v.id` : sql`${t}.id = v.id`;
    await sql`update ${t} set phone = v.phone from ${values} where ${match}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, clinic } of TABLES) await convertTable(db, table, clinic);
}

// The declarations' comparisons between fields (`checks`, src/shared/checks.ts) as named CHECK
// constraints, so a writer other than the API (a hook's own statement, a script) cannot store a
// visit paid above its fee either. Two existed unnamed (tasks, visitings: migrations 002, 003) and
// are replaced by the named ones. NOT VALID: a row stored before the rule existed is kept as it is
// (records are never silently changed); every new insert and update is checked. Listed here, not
// read from the registry, so this migration does the same thing whatever is declared later.
import { type Kysely, sql } from 'kysely';

const COMPARISONS: readonly [table: string, field: string, op: string, other: string][] = [
  ['appointments', 'paid_amount', '<=', 'amount'],
  ['visitings', 'paid_amount', '<=', 'fee'],
  ['tasks', 'end_day', '>=', 'start_day'],
  ['vital_signs', 'diastolic', '<', 'systolic'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, field, op, other] of COMPARISONS) {
    const { rows: older } = await sql<{ name: string }>`select conname as name from pg_constraint
      where conrelid = ${table}::regclass and contype = 'c' and pg_get_constraintdef(oid) like ${`%${field} ${op} ${other}%`}`.execute(db);
    for (const { name } of older) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
    await sql.raw(`alter table ${table} add constraint ${table}_${field}_vs_${other}_check check (${field} ${op} ${other}) not valid`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, field, , other] of COMPARISONS) await sql.raw(`alter table ${table} drop constraint ${table}_${field}_vs_${other}_check`).execute(db);
}

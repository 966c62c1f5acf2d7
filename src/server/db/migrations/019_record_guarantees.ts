// Records a clinic can trust (issue 13):
// - every table with `updated_at` gets a `version`, raised by a trigger on each update whatever
//   statement or process makes it, so ETag / If-Match catch every lost update;
// - resources whose delete policy is `archive` get `archived_at`;
// - foreign keys that let a delete destroy or orphan history (a patient's visits, a visit's income,
//   an invoice's plan) no longer cascade or set null: the database refuses such a delete, and the
//   engine archives or answers 409 before it gets there. NO ACTION (not RESTRICT) is checked at the
//   end of the statement, so deleting a whole clinic still cascades through all of its tables.
import { type Kysely, sql } from 'kysely';
import { versionTable } from './helpers';

/** [table, column, referenced table] of clinic foreign keys `(tenant_id, column) -> (tenant_id, id)`. */
const CLINIC_KEYS: [string, string, string][] = [
  ['appointments', 'patient_id', 'patients'],
  ['vital_signs', 'patient_id', 'patients'],
  ['past_medical_histories', 'patient_id', 'patients'],
  ['past_medications', 'patient_id', 'patients'],
  ['patient_diseases', 'patient_id', 'patients'],
  ['visitings', 'patient_id', 'patients'],
  ['incomes', 'patient_id', 'patients'],
  ['incomes', 'visiting_id', 'visitings'],
  ['visitings', 'appointment_id', 'appointments'],
  ['appointments', 'doctor_id', 'tenant_users'],
  ['visitings', 'doctor_id', 'tenant_users'],
];

/** Platform foreign keys `column -> table(id)` that set null today. */
const CENTRAL_KEYS: [string, string, string][] = [
  ['invoices', 'plan_id', 'plans'],
  ['plan_histories', 'plan_id', 'plans'],
  ['tenants', 'city_id', 'cities'],
  ['tenants', 'education_id', 'educations'],
];

const ARCHIVED = ['patients', 'visitings', 'drugs', 'common_diseases', 'examinations', 'life_styles', 'physical_theraphies'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function bump_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end $$`.execute(db);
  const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'updated_at' order by table_name`.execute(db);
  for (const { table_name: table } of rows) await versionTable(db, table);

  for (const table of ARCHIVED) {
    await sql`alter table ${sql.table(table)} add column archived_at timestamptz`.execute(db);
  }

  for (const [table, column, target] of CLINIC_KEYS) {
    const name = `${table}_tenant_id_${column}_fkey`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(name)},
      add constraint ${sql.raw(name)} foreign key (tenant_id, ${sql.ref(column)}) references ${sql.table(target)} (tenant_id, id)`.execute(db);
  }
  // What a delete asks first ("does anything still use this record?") is answered by an index.
  for (const [table, column] of [['visitings', 'appointment_id'], ['visitings', 'doctor_id'], ['appointments', 'doctor_id'], ['incomes', 'patient_id'], ['patient_diseases', 'common_disease_id']]) {
    await sql`create index ${sql.raw(`${table}_${column}_idx`)} on ${sql.table(table)} (tenant_id, ${sql.ref(column)})`.execute(db);
  }
  for (const [table, column, target] of CENTRAL_KEYS) {
    const name = `${table}_${column}_fkey`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(name)},
      add constraint ${sql.raw(name)} foreign key (${sql.ref(column)}) references ${sql.table(target)} (id)`.execute(db);
  }
}

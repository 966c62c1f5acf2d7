// Live updates (issue 18): every write to a declared table announces itself on the
// 'record_changed' channel when it commits, from whichever process or statement made it, so each
// server process can tell its open event streams (src/server/live/). The payload names the table,
// the clinic, the record and the operation, and, for tables whose rows are one person's (a
// notification), that person: never the record's content. A session may set app.live_off (the
// benchmark's comparison server only) to stay silent. New tables get the trigger from their
// generated migration (table-from-declaration.ts); the drift test requires it on every declared
// table but the append-only audit trail.
import { type Kysely, sql } from 'kysely';

const TABLES = [
  'incomes', 'expenses', 'agreements', 'appointments', 'common_diseases', 'examinations', 'life_styles', 'physical_theraphies', 'drugs', 'exports',
  'landing_sections', 'landing_items', 'tenant_landing_pages', 'tenant_solutions', 'tenant_highlights', 'tenant_projects', 'laws', 'law_articles',
  'courts', 'legal_clients', 'lawsuits', 'executions', 'petitions', 'lawsuit_sessions', 'lawsuit_installments', 'lawsuit_files', 'execution_sessions',
  'execution_installments', 'execution_files', 'notifications', 'vital_signs', 'past_medical_histories', 'past_medications', 'patient_diseases',
  'patients', 'plans', 'cities', 'educations', 'plan_histories', 'invoices', 'doctor_requests', 'locations', 'links', 'tenant_locations',
  'tenant_links', 'support_grants', 'tasks', 'tenant_users', 'tenants', 'users', 'visitings',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function announce_record_change() returns trigger language plpgsql as $$
    declare
      r jsonb;
    begin
      if current_setting('app.live_off', true) = 'on' then return null; end if;
      r := to_jsonb(case when tg_op = 'DELETE' then old else new end);
      perform pg_notify('record_changed', json_build_object(
        'table', tg_table_name, 'tenant', (r ->> 'tenant_id')::bigint, 'id', (r ->> 'id')::bigint, 'op', lower(tg_op),
        'user', case when tg_nargs > 0 then (r ->> tg_argv[0])::bigint end)::text);
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    const owner = table === 'notifications' ? sql.raw(`'user_id'`) : sql.raw('');
    await sql`create trigger ${sql.raw(`${table}_record_changed`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function announce_record_change(${owner})`.execute(db);
  }
}

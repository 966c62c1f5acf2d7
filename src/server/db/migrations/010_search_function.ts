// Patient search through the trigram index under row-level security. RLS keeps operators that are
// not leakproof (ILIKE among them) out of index scans, so a search as clinic_app read every one of
// the clinic's patients. This function runs as the table owner and applies the policy's own rule
// itself: only rows of the clinic in app.tenant_id, nothing when it is unset. EXECUTE plans each
// call with its pattern, which the trigram index needs.
import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function patients_search(pattern text) returns setof patients
    language plpgsql stable security definer set search_path = public as $$
    begin
      return query execute
        'select * from patients where tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint and search_text ilike $1'
        using pattern;
    end $$`.execute(db);
  await sql`revoke all on function patients_search(text) from public`.execute(db);
  await sql`grant execute on function patients_search(text) to ${sql.raw(APP_ROLE)}`.execute(db);
}

// The patient search (migrations 010, 025, 043, 056): under row-level security, the clinic's own patients by
// folded name, phone, ID lookup or file number.
// Applied as `create or replace` after the migrations (functions/index.ts): a change is made here, not in a migration.
import type { DbFunction } from './types';

export const FUNCTIONS: readonly DbFunction[] = [
  {
    name: 'patients_search',
    sql: `create or replace function patients_search(pattern text, loose text, lookup text, number bigint)
 RETURNS SETOF patients
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
    begin
      return query execute
        'select * from patients where tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint
           and (search_text ilike $1 or search_loose ilike $2 or national_id_lookup = $3 or file_number = $4)'
        using pattern, loose, lookup, number;
    end $function$`,
    grants: ['revoke all on function patients_search(text, text, text, bigint) from public', 'grant execute on function patients_search(text, text, text, bigint) to clinic_app'],
  },
];

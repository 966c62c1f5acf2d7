// The audit trail is append-only (migration 021).
// Applied as `create or replace` after the migrations (functions/index.ts): a change is made here, not in a migration.
import type { DbFunction } from './types';

export const FUNCTIONS: readonly DbFunction[] = [
  {
    name: 'refuse_audit_change',
    sql: `create or replace function refuse_audit_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      raise exception 'the audit trail is append-only' using errcode = 'insufficient_privilege';
    end $function$`,
  },
];

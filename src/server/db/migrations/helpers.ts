// Building blocks shared by migrations, so every tenant table gets the same isolation.
import { type Kysely, sql } from 'kysely';

/** The role requests of a clinic run as: it owns nothing, so row-level security applies to it. */
export const APP_ROLE = 'clinic_app';

export async function ensureAppRole(db: Kysely<unknown>): Promise<void> {
  // Roles are cluster-wide: another database on the same server may have made it already.
  await sql`
    do $$ begin
      create role clinic_app nologin;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  await sql`grant clinic_app to current_user`.execute(db);
}

/** Grants the app role access to every table and sequence made so far. */
export async function grantAppRole(db: Kysely<unknown>): Promise<void> {
  await sql`grant usage on schema public to clinic_app`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema public to clinic_app`.execute(db);
  await sql`grant usage, select on all sequences in schema public to clinic_app`.execute(db);
  // The audit trail stays append-only for the app role whatever a later migration grants
  // (migration 021); its seals are written by the server alone.
  await sql`do $$ begin
      if to_regclass('audit_events') is not null then
        revoke update, delete, truncate on audit_events from clinic_app;
        revoke all on audit_seals from clinic_app;
      end if;
      if to_regclass('idempotency_keys') is not null then
        revoke all on idempotency_keys from clinic_app;
      end if;
      if to_regclass('access_epoch') is not null then
        revoke all on access_epoch from clinic_app;
      end if;
      if to_regclass('record_numbers') is not null then
        revoke insert, update, delete, truncate on record_numbers from clinic_app;
      end if;
      if to_regclass('tenant_keys') is not null then
        revoke update, delete, truncate on tenant_keys from clinic_app;
      end if;
    end $$`.execute(db);
}

/** Row-level security on a tenant table: rows are visible only to the clinic set for the transaction. */
export async function isolateTenantTable(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
  await sql`
    create policy tenant_isolation on ${sql.table(table)}
    using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
    with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`.execute(db);
}

/**
 * A `version` raised on every update by a trigger (bump_version, migration 019), whatever
 * statement makes it: the API's ETag, so no write silently undoes another.
 */
export async function versionTable(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)} add column if not exists version integer not null default 1`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_version`)} before update on ${sql.table(table)}
    for each row execute function bump_version()`.execute(db);
}

// Row-level security on every table that holds a clinic's rows (issue 21): invoices, plan history,
// uploads, notifications, sessions, recovery codes and requests were readable across clinics by the
// app role. Some of these tables also hold the platform's own rows (tenant_id null: its files, its
// staff's sessions and notifications): a clinic's requests see only their clinic's rows, and may
// write a row for the platform (a notice to its staff) but never read one back.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`do $$
    declare t text;
    begin
      for t in
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
      loop
        execute format('alter table %I enable row level security', t);
        execute format($p$create policy tenant_isolation on %I
          using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
          with check (tenant_id is null or tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)$p$, t);
      end loop;
    end $$`.execute(db);
}

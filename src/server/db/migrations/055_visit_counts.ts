// The visits a clinic recorded in its subscription period, counted as they are recorded (issue 20):
// the plan's visit limit is checked by raising this counter in the visit's own transaction (its
// row lock orders two visits of one clinic; other clinics never wait), not by an advisory lock
// and a count of the period's visits. A period's row is made on its first visit from a count of
// what the period already holds (visits written by the seed or a restore, before a counter
// existed); visits are never deleted, only archived, so the count only grows.
import { type Kysely, sql } from 'kysely';
import { isolateTenantTable } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table visit_counts (
    tenant_id bigint not null references tenants(id) on delete cascade,
    -- The subscription's first day ('-infinity' without one): a renewal starts a new row.
    period_start date not null,
    visits integer not null check (visits >= 0),
    primary key (tenant_id, period_start))`.execute(db);
  await isolateTenantTable(db, 'visit_counts');
  await sql`grant select, insert, update on visit_counts to clinic_app`.execute(db);
}

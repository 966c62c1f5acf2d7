// Each process keeps the sessions it has looked up (auth/session-cache.ts). A change to anything
// such a lookup returns (a session ended, a user edited or deactivated, permissions, a clinic's
// name or status, a new clinic) announces itself on the 'access_changed' channel when it commits,
// whichever process or statement made it, and every process drops what it keeps.
import { type Kysely, sql } from 'kysely';

const WATCHED: [table: string, events: string][] = [
  ['sessions', 'delete'],
  ['users', 'update or delete'],
  ['tenant_users', 'update or delete'],
  ['user_permissions', 'insert or update or delete'],
  ['permissions', 'insert or update or delete'],
  ['tenants', 'insert or update or delete'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function announce_access_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('access_changed', '');
      return null;
    end $$`.execute(db);
  for (const [table, events] of WATCHED) {
    await sql`create trigger ${sql.raw(`${table}_access_changed`)} after ${sql.raw(events)} on ${sql.table(table)}
      for each statement execute function announce_access_change()`.execute(db);
  }
}

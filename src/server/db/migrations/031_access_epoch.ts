// Exact access changes on every process (issue 21). Each process keeps the sessions it has looked
// up (auth/session-cache.ts) and drops them on NOTIFY access_changed (migration 017), but the notice
// reaches the other processes a few ms after the commit, and meanwhile they served their copy.
//
// So the database also keeps an access epoch, one counter raised by every transaction that changes
// what a session lookup returns (the same tables and events that notify), in that transaction: the
// new value becomes visible exactly when the change does. A lookup returns the epoch it saw (same
// statement, same snapshot) and the kept copy remembers it. A request answered from a kept copy
// has its first transaction start with `access_epoch_is(<kept epoch>)` in the same message as
// BEGIN (data-access.ts), so no extra round trip; when the epoch moved, that statement fails, the
// request looks its session up again and is decided again before any of its statements run.
//
// The counter is raised by deferred constraint triggers, at commit: the row is then locked only for
// the instant of the commit, after every other lock the transaction takes, so two access changes
// (a deactivation ending a session that its user logs out of at the same time) cannot deadlock on
// it. Row-level (constraint triggers are), raised once per transaction.
import { type Kysely, sql } from 'kysely';

/** The error `access_epoch_is` raises when the epoch moved (data-access.ts catches it). */
export const ACCESS_EPOCH_MOVED = 'AE001';

// What migrations 017 and 022 announce (a test checks both lists stay the same).
const WATCHED: [table: string, events: string][] = [
  ['sessions', 'delete'],
  ['users', 'update or delete'],
  ['tenant_users', 'update or delete'],
  ['user_permissions', 'insert or update or delete'],
  ['permissions', 'insert or update or delete'],
  ['tenants', 'insert or update or delete'],
  ['support_grants', 'insert or update or delete'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row. The app role gets no grant on it (helpers.ts keeps it so): it reads and raises the
  // epoch only through the functions below.
  await sql`create table access_epoch (one boolean primary key default true check (one), epoch bigint not null)`.execute(db);
  await sql`insert into access_epoch (epoch) values (0)`.execute(db);

  // Security definer: a clinic's request runs as the app role, which cannot write the row.
  await sql`create function raise_access_epoch() returns trigger language plpgsql security definer set search_path from current as $$
    begin
      if current_setting('app.access_epoch_raised', true) is distinct from 'yes' then
        update access_epoch set epoch = epoch + 1;
        perform set_config('app.access_epoch_raised', 'yes', true);
      end if;
      return null;
    end $$`.execute(db);
  for (const [table, events] of WATCHED) {
    await sql`create constraint trigger ${sql.raw(`${table}_access_epoch`)} after ${sql.raw(events)} on ${sql.table(table)}
      deferrable initially deferred for each row execute function raise_access_epoch()`.execute(db);
  }

  await sql`create function access_epoch() returns bigint language sql stable security definer set search_path from current as $$
    select epoch from access_epoch $$`.execute(db);
  await sql`create function access_epoch_is(p_epoch bigint) returns void language plpgsql stable security definer set search_path from current as $$
    begin
      if p_epoch is distinct from (select epoch from access_epoch) then
        raise exception 'access changed since the session was read' using errcode = ${sql.lit(ACCESS_EPOCH_MOVED)};
      end if;
    end $$`.execute(db);
}

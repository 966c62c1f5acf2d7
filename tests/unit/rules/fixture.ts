// Fixture declarations and a real embedded database holding only the tables the write rules read,
// so each rule (src/server/engine/rules/) is judged alone: its refusal (the 422's fields) or what
// it filled in the input.
import { PGlite } from '@electric-sql/pglite';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { PGliteDialect } from '../../../src/server/db/pglite-dialect';
import type { Database } from '../../../src/server/db/schema';
import type { AuthCaller, Input, Row } from '../../../src/server/engine/hooks';
import type { WriteContext } from '../../../src/server/engine/rules/rule';
import { ApiError, type FieldErrors } from '../../../src/server/http/errors';
import { type FieldDef, type ResourceDef, defineResource } from '../../../src/shared/resource';

export const CLINIC = 1;
export const OTHER_CLINIC = 2;
export const NOW = new Date('2030-06-15T10:00:00Z');
export const MAIN_DOCTOR: AuthCaller = { scope: 'tenant', role: 0, permissions: [], modules: [], userId: 1 };

/** A clinic declaration of these fields (and anything else the rule reads). */
export function declare(fields: Record<string, FieldDef>, more: Partial<ResourceDef> = {}): ResourceDef {
  const def: ResourceDef = { name: 'fixtures', path: 'fixtures', table: 'fixtures', scope: 'tenant', titleField: Object.keys(fields)[0], defaultSort: 'id', fields, ...more };
  return defineResource(def);
}

/** Two clinics; each table as the real one names its columns, with only those the rules read. */
const SCHEMA = `
  create table plans (id int primary key, max_cases int not null);
  create table tenants (id int primary key, name text not null, subdomain text not null, plan_id int references plans);
  create table uploads (id int primary key, scope text not null, tenant_id int, mime text not null, is_public boolean not null default false);
  create table prices (id int primary key, tenant_id int not null, price numeric);
  create table tenant_users (id int primary key, tenant_id int not null, role int not null, is_active boolean not null);
  create table ingredients (id int primary key, tenant_id int not null, name text not null);
  create table fixtures (id serial primary key, tenant_id int not null);
  create table offline_fixtures (id int primary key, tenant_id int not null, created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(), version int not null default 1, client_ref text, note text);
  insert into plans values (1, 2);
  insert into tenants values (1, 'Shifa Clinic', 'shifa', 1), (2, 'Other Clinic', 'other', 1);
  insert into uploads values (10, 'tenant', 1, 'image/png', false), (11, 'tenant', 1, 'application/pdf', false),
    (12, 'tenant', 1, 'image/jpeg', true), (13, 'tenant', 2, 'image/png', true), (14, 'central', null, 'image/png', true);
  insert into prices values (20, 1, 25000), (21, 1, null), (22, 2, 9000);
  insert into tenant_users values (30, 1, 0, true), (31, 1, 1, true), (32, 1, 2, true), (33, 1, 1, false), (34, 2, 1, true);
  insert into ingredients values (40, 1, 'amoxicillin'), (41, 1, 'clavulanic acid'), (42, 2, 'ibuprofen');
  insert into offline_fixtures (id, tenant_id, client_ref, note) values (50, 1, '0a1b2c3d-0000-4000-8000-00000000000a', 'made offline'),
    (51, 2, '0a1b2c3d-0000-4000-8000-00000000000b', 'the other clinic''s'), (52, 1, null, 'made online');
`;

/** For the rules that read nothing: a database handle that runs no statement at all. */
export const NO_DB = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export async function fixtureDb(): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  const pglite = await PGlite.create('memory://');
  await pglite.exec(SCHEMA);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return { db, close: () => db.destroy() };
}

/** What a rule sees of a write of `input` to `def` in the fixture clinic (on `existing`: an update). */
export function writeOf(db: Kysely<Database>, def: ResourceDef, input: Input, existing: Row | null = null, more: Partial<WriteContext> = {}): WriteContext {
  return {
    trx: db,
    def,
    input,
    existing,
    caller: MAIN_DOCTOR,
    tenantId: CLINIC,
    now: NOW,
    readableWhere: (target) => (target.scope === 'tenant' ? [sql`tenant_id = ${CLINIC}`] : []),
    ...more,
  };
}

/** The fields a rule refused (with their message keys), or null when it let the write through. */
export async function refused(run: () => Promise<void> | void): Promise<Record<string, string[]> | null> {
  try {
    await run();
    return null;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 422) throw err;
    const fields: FieldErrors = err.fields ?? {};
    return Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages.map((m) => m.key)]));
  }
}

// Migrations: a fresh database gets all of them, a start with nothing pending skips the migrator, and
// a database that knows a migration this code does not is refused rather than served. The
// functions of src/server/db/functions/ are applied after them: from zero, on a database migrated
// before they moved there (migration 068), and again when one's text changed.
import { Migrator, sql as raw } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/server/db/index';
import { DB_FUNCTIONS, functionHash } from '../../src/server/db/functions/index';
import { migrate } from '../../src/server/db/migrate';
import { migrationProvider } from '../../src/server/db/migrations/index';
import { isEmpty, seedDemo } from '../../src/server/db/seed';
import { migratedDatabase } from './scratch-db';

describe('migrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => db.close());

  it('applies every migration once, in order, and nothing on the next start', async () => {
    const known = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(await migrate(db)).toEqual(known);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await raw<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
    expect(rows.map((r) => r.name)).toEqual(known);
  });

  it('applies every function of src/server/db/functions as written there', async () => {
    expect(await appliedFunctions(db)).toEqual(DB_FUNCTIONS.map((f) => [f.name, functionHash(f)]).sort());
    for (const f of DB_FUNCTIONS) expect(await definition(db, f.name), f.name).toBe(f.sql);
  });

  it('applies a function again on a database already migrated when its text changed, and only then', async () => {
    // As if the database held an older text of bump_version than its file now says.
    await raw`create or replace function bump_version() returns trigger language plpgsql as $$ begin new.version := old.version + 2; return new; end $$`.execute(db.kysely);
    expect(await migrate(db)).toEqual([]);
    expect(await definition(db, 'bump_version'), 'its hash unchanged: not applied again').toMatch(/old\.version \+ 2/);
    await raw`update schema_functions set hash = 'an older text' where name = 'bump_version'`.execute(db.kysely);
    expect(await migrate(db)).toEqual([]);
    expect(await definition(db, 'bump_version')).toBe(DB_FUNCTIONS.find((f) => f.name === 'bump_version')!.sql);
    expect(await appliedFunctions(db)).toEqual(DB_FUNCTIONS.map((f) => [f.name, functionHash(f)]).sort());
  });

  it('refuses a database migrated by a newer version', async () => {
    await raw`insert into kysely_migration (name, timestamp) values ('999_from_the_future', now()::text)`.execute(db.kysely);
    await expect(migrate(db)).rejects.toThrow(/999_from_the_future/);
  });
});

/** The functions applied, as [name, hash], by name. */
async function appliedFunctions(db: Db): Promise<string[][]> {
  const { rows } = await raw<{ name: string; hash: string }>`select name, hash from schema_functions order by name`.execute(db.kysely);
  return rows.map((r) => [r.name, r.hash]);
}

/** A function's definition as the database holds it, written as in src/server/db/functions/. */
async function definition(db: Db, name: string): Promise<string> {
  const { rows } = await raw<{ def: string }>`select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname = ${name}`.execute(db.kysely);
  expect(rows, name).toHaveLength(1);
  return rows[0].def.trim().replace('CREATE OR REPLACE FUNCTION public.', 'create or replace function ');
}

/** A fresh database migrated up to `name`, and the migrator to go on with; `test` runs on it, then it is closed. */
async function fromMigration(name: string, test: (db: Db, migrator: Migrator) => Promise<void>): Promise<void> {
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
    expect((await migrator.migrateTo(name)).error).toBeUndefined();
    await test(db, migrator);
  } finally {
    await db.close();
  }
}

describe('migration 047: the payments ledger', () => {
  it("turns the automatic incomes so far into the payments they stood for, each linked to its own", async () => {
    await fromMigration('046_price_list', async (db, migrator) => {
      const one = async <T>(q: ReturnType<typeof raw<T>>) => (await q.execute(db.kysely)).rows[0];
      const tenant = await one(raw<{ id: number }>`insert into tenants (name, subdomain, username) values ('Old', 'old', 'old') returning id`);
      const patient = await one(raw<{ id: number }>`insert into patients (tenant_id, name, gender) values (${tenant.id}, 'Old Patient', 1) returning id`);
      const booking = await one(raw<{ id: number }>`insert into appointments (tenant_id, patient_id, date, time, amount, paid_amount, is_paid)
        values (${tenant.id}, ${patient.id}, '2026-01-10', '10:00', 20000, 20000, true) returning id`);
      const visit = await one(raw<{ id: number }>`insert into visitings (tenant_id, patient_id, appointment_id, date, fee, paid_amount)
        values (${tenant.id}, ${patient.id}, ${booking.id}, '2026-01-10', 25000, 25000) returning id`);
      await raw`insert into incomes (tenant_id, amount, date, source, patient_id, appointment_id) values (${tenant.id}, 20000, '2026-01-10', 2, ${patient.id}, ${booking.id})`.execute(db.kysely);
      await raw`insert into incomes (tenant_id, amount, date, source, patient_id, visiting_id) values (${tenant.id}, 5000, '2026-01-11', 1, ${patient.id}, ${visit.id})`.execute(db.kysely);
      await raw`insert into incomes (tenant_id, amount, date, source, note) values (${tenant.id}, 700, '2026-01-12', 0, 'Certificate')`.execute(db.kysely);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const { rows: payments } = await raw<{ id: number; receipt_number: number; amount: number; date: string; appointment_id: number | null; visiting_id: number | null }>`
        select id, receipt_number, amount, date::text as date, appointment_id, visiting_id from payments order by receipt_number`.execute(db.kysely);
      expect(payments.map((p) => [p.receipt_number, Number(p.amount), p.date, p.appointment_id, p.visiting_id])).toEqual([
        [1, 20000, '2026-01-10', booking.id, null],
        [2, 5000, '2026-01-11', null, visit.id],
      ]);
      const { rows: incomes } = await raw<{ amount: number; payment_id: number | null }>`select amount, payment_id from incomes order by date`.execute(db.kysely);
      expect(incomes.map((i) => [Number(i.amount), i.payment_id])).toEqual([
        [20000, payments[0].id],
        [5000, payments[1].id],
        [700, null],
      ]);
    });
  });
});

describe('migration 065: unique names compare case-folded', () => {
  it('tells apart the names already held in another case, then refuses a new one', async () => {
    await fromMigration('062_offline_receipts', async (db, migrator) => {
      const { rows: tenants } = await raw<{ id: number }>`insert into tenants (name, subdomain, username) values ('Old', 'old', 'old'), ('Next', 'next', 'next') returning id`.execute(db.kysely);
      const [old, next] = tenants.map((t) => t.id);
      const { rows: held } = await raw<{ id: number }>`insert into common_diseases (tenant_id, name)
        values (${old}, 'Asthma'), (${old}, 'ASTHMA'), (${old}, 'asthma'), (${old}, 'Gout'), (${next}, 'ASTHMA') returning id`.execute(db.kysely);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const { rows } = await raw<{ tenant_id: number; name: string }>`select tenant_id, name from common_diseases order by id`.execute(db.kysely);
      expect(rows).toEqual([
        { tenant_id: old, name: 'Asthma' },
        { tenant_id: old, name: `ASTHMA (${held[1].id})` },
        { tenant_id: old, name: `asthma (${held[2].id})` },
        { tenant_id: old, name: 'Gout' },
        { tenant_id: next, name: 'ASTHMA' },
      ]);
      await expect(raw`insert into common_diseases (tenant_id, name) values (${old}, 'gOUT')`.execute(db.kysely)).rejects.toMatchObject({ code: '23505', constraint: 'common_diseases_name_key' });
    });
  });
});

describe('migration 068: the functions kept in one place', () => {
  it('are applied to a database migrated before, which keeps working', async () => {
    await fromMigration('067_patient_photo', async (db) => {
      const tenant = (await raw<{ id: number }>`insert into tenants (name, subdomain, username) values ('Old', 'old', 'old') returning id`.execute(db.kysely)).rows[0].id;
      // 068 first, then whatever came after it.
      expect((await migrate(db))[0]).toBe('068_schema_functions');
      expect(await appliedFunctions(db)).toEqual(DB_FUNCTIONS.map((f) => [f.name, functionHash(f)]).sort());
      // Their triggers still run: a patient is numbered and versioned.
      const { rows } = await raw<{ file_number: number; version: number }>`insert into patients (tenant_id, name, gender) values (${tenant}, 'Old Patient', 1) returning file_number, version`.execute(db.kysely);
      expect(rows).toEqual([{ file_number: 1, version: 1 }]);
      const { rows: after } = await raw<{ version: number }>`update patients set name = 'Renamed' where tenant_id = ${tenant} returning version`.execute(db.kysely);
      expect(after).toEqual([{ version: 2 }]);
    });
  }, 120_000);
});

describe('checks added NOT VALID (migrations 065, 068)', () => {
  it('hold for every row of the demo data, so only a row made outside the API could be refused on its next change', async () => {
    const { db, drop } = await migratedDatabase();
    try {
      const { rows } = await raw<{ table: string; name: string }>`select c.relname as table, k.conname as name from pg_constraint k join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and k.contype = 'c' and not k.convalidated order by 1, 2`.execute(db.kysely);
      expect(rows.length, '065 and 068 add more than 116').toBeGreaterThan(116);
      if (await isEmpty(db.kysely)) await seedDemo(db.kysely);
      expect((await raw<{ n: number }>`select count(*)::int as n from patients`.execute(db.kysely)).rows[0].n, 'the demo data is there').toBeGreaterThan(0);
      for (const { table, name } of rows) await raw.raw(`alter table ${table} validate constraint ${name}`).execute(db.kysely);
    } finally {
      await drop();
    }
  }, 120_000);
});

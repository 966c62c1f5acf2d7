// Migrations: a fresh database gets all of them, a start with nothing pending skips the migrator, and
// a database that knows a migration this code does not is refused rather than served.
import { Migrator, sql as raw } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { migrationProvider } from '../../src/server/db/migrations/index';

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

  it('refuses a database migrated by a newer version', async () => {
    await raw`insert into kysely_migration (name, timestamp) values ('999_from_the_future', now()::text)`.execute(db.kysely);
    await expect(migrate(db)).rejects.toThrow(/999_from_the_future/);
  });
});

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

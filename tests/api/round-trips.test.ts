// A read on a kept session is one round trip to PostgreSQL (issue 41): the transaction's opening,
// the statement (a list's page with its relation titles, or a record with its titles) and the
// COMMIT leave in one write. Counted from outside the server, by a relay between a second server
// process and the database (bench/round-trips.ts): a round trip is the server writing after the
// database last answered. And what makes that safe: the COMMIT written with the last statement is
// the transaction's own (ROLLBACK after a failure), and nothing more runs in the transaction after it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingRelay, countingRelay } from '../../bench/round-trips';
import { DEFERRED } from '../../src/server/db/deferred-opening';
import { asLast } from '../../src/server/engine/scope';
import { DEMO, type TestApp, startTestApp } from './harness';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('round trips to PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let relay: CountingRelay;
  beforeAll(async () => {
    a = await startTestApp();
    const target = new URL(a.databaseUrl!);
    relay = await countingRelay({ host: target.hostname, port: Number(target.port || 5432) }, 0);
    const via = new URL(a.databaseUrl!);
    via.host = `127.0.0.1:${relay.port}`;
    b = await startTestApp({ beside: a, via: via.toString() });
  });
  afterAll(async () => {
    await b?.close();
    await relay?.close();
    await a?.close();
  });

  /**
   * Round trips of one request, its read events written first (they go in a batch of their own).
   * The fewest of three: the server's own background work (sealing the audit chain) may fall in one.
   */
  const tripsOf = async (path: string, token: string) => {
    const counts: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      await b.app.auditReads?.flush();
      const before = relay.count();
      const answered = relay.answered();
      const res = await b.call('GET', path, { host: DEMO, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      counts.push(relay.count() - before);
      answers.push(relay.answered() - answered);
    }
    return { trips: Math.min(...counts), answers: Math.min(...answers) };
  };

  it('a list, a list with relation titles and a record, each in one round trip', async () => {
    const token = await b.login(DEMO, 'doctor');
    const visits = (await b.call('GET', '/visitings?per_page=1', { host: DEMO, token })).body.data as { id: number; patient_id: number }[];
    expect(visits.length).toBe(1);
    const patient = (await b.call('GET', `/patients/${visits[0].patient_id}`, { host: DEMO, token })).body.data as { name: string };
    const reads = [
      `/patients?q=${encodeURIComponent(patient.name.slice(0, 3))}`,
      '/appointments?sort=time&per_page=50',
      `/visitings?filter[patient_id]=${visits[0].patient_id}`,
      `/visitings/${visits[0].id}`,
      `/patients/${visits[0].patient_id}`,
    ];
    // The session kept and the clinic's key read (each once per process).
    for (const path of reads) await b.call('GET', path, { host: DEMO, token });
    for (const path of reads) expect((await tripsOf(path, token)).trips, path).toBe(1);
  });

  it("a read's opening, statement and COMMIT are answered together (one Sync: one write from PostgreSQL)", async () => {
    const token = await b.login(DEMO, 'doctor');
    const visits = (await b.call('GET', '/visitings?per_page=1', { host: DEMO, token })).body.data as { id: number; patient_id: number }[];
    const reads = [`/visitings?filter[patient_id]=${visits[0].patient_id}`, `/visitings/${visits[0].id}`, '/appointments?sort=time&per_page=50'];
    for (const path of reads) await b.call('GET', path, { host: DEMO, token });
    // Three ReadyForQuery before (the opening, the statement, the COMMIT), one now.
    for (const path of reads) expect((await tripsOf(path, token)).answers, path).toBe(1);
  });

  it("a last statement's COMMIT answers the transaction's own, and nothing runs after it", async () => {
    await b.db.kysely.connection().execute(async (conn) => {
      const before = relay.count();
      await sql.raw(`${DEFERRED}begin; select set_config('app.probe', 'yes', true)`).execute(conn);
      const { rows } = await asLast(sql<{ probe: string }>`select current_setting('app.probe') as probe`).execute(conn);
      expect(rows[0].probe).toBe('yes');
      await expect(sql`select 1`.execute(conn)).rejects.toThrow(/after its transaction's last/);
      const { rows: done } = await sql<{ command?: string }>`commit`.execute(conn);
      expect(done[0]?.command).toBe('COMMIT');
      expect(relay.count() - before).toBe(1);
      // The transaction is over: its setting went with it.
      const { rows: after } = await sql<{ probe: string | null }>`select current_setting('app.probe', true) as probe`.execute(conn);
      expect(after[0].probe ?? '').toBe('');
    });
  });

  it("a last statement is prepared once per connection, and its cached plan still shows each clinic only its rows", async () => {
    const { rows: clinics } = await sql<{ id: number }>`select distinct tenant_id as id from tenant_users order by 1`.execute(a.db.kysely);
    expect(clinics.length).toBeGreaterThan(1);
    await b.db.kysely.connection().execute(async (conn) => {
      // Past five runs PostgreSQL may keep one generic plan: the clinic is read when it runs.
      for (let i = 0; i < 8; i++) {
        const clinic = Number(clinics[i % 2].id);
        await sql.raw(`${DEFERRED}begin; select set_config('role', 'clinic_app', true), set_config('app.tenant_id', '${clinic}', true)`).execute(conn);
        const { rows } = await asLast(sql<{ tenant_id: number }>`select distinct tenant_id from tenant_users /* prepared probe */`).execute(conn);
        await sql`commit`.execute(conn);
        expect(rows.map((r) => Number(r.tenant_id))).toEqual([clinic]);
      }
      const { rows: kept } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%prepared probe%'`.execute(conn);
      expect(kept[0].n).toBe(1);
    });
  });

  it("a failing opening fails its batch's statement with the opening's error, and the connection goes on", async () => {
    await b.db.kysely.connection().execute(async (conn) => {
      await sql.raw(`${DEFERRED}begin; select 1 / 0`).execute(conn);
      await expect(asLast(sql`select 1 as one`).execute(conn)).rejects.toThrow(/division by zero/);
      // The transaction is open and aborted: its COMMIT reaches PostgreSQL and answers ROLLBACK.
      const { rows: done } = await sql<{ command?: string }>`commit`.execute(conn);
      expect(done[0]?.command).toBe('ROLLBACK');
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(conn);
      expect(rows[0].one).toBe(1);
    });
  });

  it("a statement's columns described once are read the same on its later runs, and a failed first run leaves no name behind", async () => {
    await b.db.kysely.connection().execute(async (conn) => {
      const probe = (n: number) => asLast(sql<{ n: number; at: Date; label: string | null }>`select ${n}::bigint as n, timestamptz '2026-01-02 03:04:05+00' as at, null::text as label /* described probe */`);
      for (let i = 1; i <= 3; i++) {
        await sql.raw(`${DEFERRED}begin`).execute(conn);
        const { rows } = await probe(i).execute(conn);
        await sql`commit`.execute(conn);
        expect(rows).toEqual([{ n: i, at: new Date('2026-01-02T03:04:05Z'), label: null }]);
      }
      // Its first run fails (its Bind): the next one prepares it again under the same name.
      const failing = (v: string) => asLast(sql<{ v: number }>`select ${v}::int as v /* failing probe */`);
      await sql.raw(`${DEFERRED}begin`).execute(conn);
      await expect(failing('x').execute(conn)).rejects.toThrow(/invalid input syntax/);
      await sql`rollback`.execute(conn);
      await sql.raw(`${DEFERRED}begin`).execute(conn);
      const { rows } = await failing('7').execute(conn);
      await sql`commit`.execute(conn);
      expect(rows).toEqual([{ v: 7 }]);
    });
  });

  it('a last statement that fails: its COMMIT answers ROLLBACK, and the connection goes on', async () => {
    await b.db.kysely.connection().execute(async (conn) => {
      await sql.raw(`${DEFERRED}begin`).execute(conn);
      await expect(asLast(sql`select 1 / 0`).execute(conn)).rejects.toThrow(/division by zero/);
      const { rows: done } = await sql<{ command?: string }>`commit`.execute(conn);
      expect(done[0]?.command).toBe('ROLLBACK');
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(conn);
      expect(rows[0].one).toBe(1);
    });
  });
});

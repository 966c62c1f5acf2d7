// A connection PostgreSQL drops under the server (a restart, a failover, an administrator's
// pg_terminate_backend) must cost nothing but that connection: the process goes on and the next
// query is answered. Only PostgreSQL has connections to lose.
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scratchDatabase } from './scratch-db';

const url = process.env.TEST_DATABASE_URL;

describe('database connections', () => {
  it.skipIf(!url)('an idle connection terminated by the server is replaced, and the process goes on', async () => {
    const { db, drop } = await scratchDatabase();
    try {
      const { rows } = await sql<{ pid: number; db: string }>`select pg_backend_pid() as pid, current_database() as db`.execute(db.kysely);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const killed = await admin.query('select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1', [rows[0].db]);
      await admin.end();
      expect(killed.rows.some((r: { done: boolean }) => r.done)).toBe(true);
      // Let the termination reach the idle client (an unheard 'error' would end the test run here).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
      expect(again.rows[0].one).toBe(1);
    } finally {
      await drop();
    }
  });
});

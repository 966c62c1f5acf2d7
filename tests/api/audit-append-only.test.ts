// The audit trail is append-only for every role (issue 14): the app role that requests run under
// (row-level security on PostgreSQL) neither changes nor deletes an event nor reads the seals, and
// the owner role is stopped by the table's own guard. Apart from tests/api/audit.test.ts so the
// PostgreSQL pass (tests/api/passes.ts) runs this and not the whole trail again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { DEMO, type TestApp, startTestApp } from './harness';
import { createRecord } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // A clinic's event of this file's own to try to change.
  await createRecord(t, resourceByName('patients'), DEMO);
  await t.app.auditReads?.flush();
});
afterAll(() => t?.close());

describe('the trail itself', () => {
  it('is append-only for the app role and for the owner alike', async () => {
    const { rows } = await sql<{ id: number; tenant_id: number }>`select id, tenant_id from audit_events where tenant_id is not null order by id desc limit 1`.execute(t.db.kysely);
    const { id, tenant_id: tenantId } = rows[0];
    const asApp = (statement: string) =>
      t.db.kysely.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        try {
          await sql.raw(`select set_config('role', 'clinic_app', true), set_config('app.tenant_id', '${Number(tenantId)}', true)`).execute(conn);
          await sql.raw(statement).execute(conn);
        } finally {
          await sql`rollback`.execute(conn);
        }
      });
    await expect(asApp(`update audit_events set action = 'x' where id = ${id}`)).rejects.toThrow();
    await expect(asApp(`delete from audit_events where id = ${id}`)).rejects.toThrow();
    await expect(asApp(`select 1 from audit_seals`)).rejects.toThrow();
    await expect(sql`update audit_events set action = 'x' where id = ${id}`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events where id = ${id}`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_events`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
  });
});

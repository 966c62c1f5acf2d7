// The audit trail is append-only for every role (issue 14): the app role that requests run under
// (row-level security on PostgreSQL) neither changes nor deletes an event nor reads the seals, and
// the owner role is stopped by the table's own guard. Apart from tests/api/audit.test.ts so the
// PostgreSQL pass (tests/api/passes.ts) runs this and not the whole trail again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { DEMO, type TestApp, startTestApp } from './harness';
import { createRecord } from './fixtures';
import { NO_ORIGIN, type TimedEvent, recordEvent, recordEvents } from '../../src/server/audit/events';

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

describe('events written in a batch (the reads\' events)', () => {
  // Every column as the one-by-one insert writes it: lists, nulls, quotes, an offline entry.
  const origin = { ip: '10.0.0.1', userAgent: 'probe "agent", {x}', onBehalfOf: null };
  const cases: { name: string; event: TimedEvent }[] = [
    { name: 'a list of patients', event: { at: new Date('2026-01-02T03:04:05.678Z'), tenantId: 1, actor: { scope: 'tenant', id: 2, role: 0, name: "O'Neil" }, origin, event: { action: 'list', resource: 'visitings', patientIds: [3, 4, 5] } } },
    { name: 'a record read, no list', event: { at: new Date('2026-01-02T03:04:06Z'), tenantId: 1, actor: { scope: 'tenant', id: 2, role: 1, name: 'N' }, origin: { ...origin, onBehalfOf: 7 }, event: { action: 'read', resource: 'patients', recordId: 9, patientId: 9 } } },
    { name: 'fields, empty lists', event: { at: new Date('2026-01-02T03:04:07Z'), tenantId: null, actor: null, origin: NO_ORIGIN, event: { action: 'update', resource: 'users', fields: ['name', 'a "quoted", {braced} field'], patientIds: [] } } },
    { name: 'no fields listed', event: { at: new Date('2026-01-02T03:04:08Z'), tenantId: 1, actor: null, origin: { ...origin, offline: { enteredAt: '2026-01-01T10:00:00Z', deviceId: 'dev-1' } }, event: { action: 'update', resource: 'visitings', fields: [] } } },
  ];
  it.each(cases.map((c) => [c.name, c.event] as const))('%s: the same row as written alone', async (_name, timed) => {
    const columns = sql`tenant_id, actor_scope, user_id, actor_role, actor_name, on_behalf_of, action, resource, record_id, patient_id, patient_ids, fields, ip, user_agent, entered_offline_at, device_id`;
    const read = async (after: number) => (await sql<Record<string, unknown>>`select ${columns} from audit_events where id > ${after} order by id`.execute(t.db.kysely)).rows;
    const mark = async () => Number((await sql<{ id: number | null }>`select max(id) as id from audit_events`.execute(t.db.kysely)).rows[0].id ?? 0);
    const before = await mark();
    await recordEvent(t.db.kysely, timed.tenantId, timed.actor, timed.origin, timed.event);
    const alone = await read(before);
    const between = await mark();
    await recordEvents(t.db.kysely, [timed, timed]);
    const batched = await read(between);
    expect(batched).toEqual([alone[0], alone[0]]);
    const { rows } = await sql<{ at: Date }>`select at from audit_events where id > ${between} order by id`.execute(t.db.kysely);
    expect(rows.map((r) => r.at.toISOString())).toEqual([timed.at.toISOString(), timed.at.toISOString()]);
  });
});

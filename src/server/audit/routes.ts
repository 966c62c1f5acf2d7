// The audit trail's own endpoint beside the generated list (GET /audit, resources/audit/):
// GET /audit/verify walks the caller's chain (the clinic's on its host, the platform's on the
// main host) and names the first event that no longer matches its seal. POST /visitings/:id/prints
// notes a printed prescription.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { centralAudit, clinicAudit } from '../../../resources/audit';
import { resourceByName } from '../../../resources/index';
import { notFound } from '../http/errors';
import type { Database } from '../db/schema';
import { verifyChain } from './chain';
import type { ReadLog } from './read-log';
import { anyObject, bool, int, obj } from '../http/answers';
import { NO_BODY } from '../http/route-rules';

export function registerAuditRoutes(app: FastifyInstance, db: Kysely<Database>, readLog: ReadLog | null): void {
  // Whoever reads the trail sees every read made so far, the batch not yet written included.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/v1/audit')) await readLog?.flush();
  });
  // Whoever may read the trail may check it (the Main Doctor; the Owner and the Developer).
  const readers = { central: { resource: centralAudit, action: 'read' }, tenant: { resource: clinicAudit, action: 'read' } } as const;
  app.get('/audit/verify', { config: { scope: 'any', access: readers }, schema: { tags: ['audit'], summary: "Check the audit trail's hash chain: { ok, count, broken? }", response: { 200: obj({ ok: bool, count: int, broken: anyObject }, ['ok', 'count']) } } }, async (request) => {
    return verifyChain(db, request.tenant?.id ?? null);
  });

  // The screen prints a prescription itself; it tells the server, so the trail has the print, and
  // the server answers what the sheet must say whoever prints it: the prescriber of record (the
  // visit's doctor, not the person printing) and, for a reprint, when it was first printed.
  const visitings = resourceByName('visitings');
  app.post(
    '/visitings/:id/prints',
    {
      config: { scope: 'tenant', access: { resource: visitings, action: 'read' }, record: { resource: visitings, action: 'read' } },
      schema: {
        body: NO_BODY,
        tags: ['audit'],
        summary: "Note that a visit's sheet was printed: its prescriber of record, and when it was first printed (null: this is the first print)",
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  prescriber: { type: ['string', 'null'] },
                  printed_at: { type: 'string', format: 'date-time' },
                  first_printed_at: { type: ['string', 'null'], format: 'date-time' },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const id = Number((request.params as { id: string }).id);
      const tenantId = request.tenant!.id;
      return request.data.transaction(async (trx) => {
        const { rows } = await sql<{ patient_id: number; prescriber: string | null }>`select v.patient_id, u.name as prescriber from visitings v
          left join tenant_users u on u.tenant_id = v.tenant_id and u.id = v.doctor_id
          where v.tenant_id = ${tenantId} and v.id = ${id}`.execute(trx);
        if (!rows[0]) throw notFound();
        // The print's time as its event records it (the transaction's).
        const before = await sql<{ at: Date | null; now: Date }>`select min(at) as at, now() as now from audit_events
          where tenant_id = ${tenantId} and resource = 'visitings' and record_id = ${id} and action = 'print'`.execute(trx);
        await request.data.audit(trx, { action: 'print', resource: 'visitings', recordId: id, patientId: Number(rows[0].patient_id) });
        const { at: first, now } = before.rows[0];
        return { data: { prescriber: rows[0].prescriber, printed_at: new Date(now).toISOString(), first_printed_at: first ? new Date(first).toISOString() : null } };
      });
    },
  );
}

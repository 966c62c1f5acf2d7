// The audit trail's own endpoint beside the generated list (GET /audit, resources/audit.ts):
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

export function registerAuditRoutes(app: FastifyInstance, db: Kysely<Database>, readLog: ReadLog | null): void {
  // Whoever reads the trail sees every read made so far, the batch not yet written included.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/v1/audit')) await readLog?.flush();
  });
  app.get('/audit/verify', { config: { scope: 'any' }, schema: { tags: ['audit'], summary: "Check the audit trail's hash chain: { ok, count, broken? }" } }, async (request) => {
    // Whoever may read the trail may check it (the Main Doctor; the Owner and the Developer).
    request.data.authorize(request.hostKind.kind === 'tenant' ? clinicAudit : centralAudit, 'read');
    return verifyChain(db, request.tenant?.id ?? null);
  });

  // The screen prints a prescription itself; it tells the server, so the trail has the print.
  const visitings = resourceByName('visitings');
  app.post('/visitings/:id/prints', { config: { scope: 'tenant' }, schema: { tags: ['audit'], summary: "Note that a visit's prescription was printed" } }, async (request, reply) => {
    request.data.authorize(visitings, 'read');
    const id = Number((request.params as { id: string }).id);
    await request.data.transaction(async (trx) => {
      const { rows } = await sql<{ patient_id: number }>`select patient_id from visitings where tenant_id = ${request.tenant!.id} and id = ${id}`.execute(trx);
      if (!rows[0]) throw notFound();
      await request.data.audit(trx, { action: 'print', resource: 'visitings', recordId: id, patientId: Number(rows[0].patient_id) });
    });
    return reply.status(204).send();
  });
}

// The audit trail's own endpoint beside the generated list (GET /audit, resources/audit.ts):
// GET /audit/verify walks the caller's chain (the clinic's on its host, the platform's on the
// main host) and names the first event that no longer matches its seal.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { centralAudit, clinicAudit } from '../../../resources/audit';
import type { Database } from '../db/schema';
import { verifyChain } from './chain';

export function registerAuditRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/audit/verify', { config: { scope: 'any' }, schema: { tags: ['audit'], summary: "Check the audit trail's hash chain: { ok, count, broken? }" } }, async (request) => {
    // Whoever may read the trail may check it (the Main Doctor; the Owner and the Developer).
    request.data.authorize(request.hostKind.kind === 'tenant' ? clinicAudit : centralAudit, 'read');
    return verifyChain(db, request.tenant?.id ?? null);
  });
}

// Prints anyone can verify (issue 40, resources/printedDocuments/):
// - POST /visitings/:id/printed-documents { kind, content }: a visit's prescription, sick note or
//   referral letter is being printed; POST /payments/:id/printed-documents { content }: a receipt;
//   POST /lab-orders/:id/printed-documents { content }: a lab order form.
//   Whoever may read the record prints it. The server names the doctor and the date from the
//   record itself, keeps the digest of the printed content (the same content printed again keeps
//   its code) and answers the verification page's address, the QR code's content;
// - POST /printed-documents/:id/revoke: the Main Doctor withdraws one, audited;
// - GET /public/printed-documents/:code, on the clinic's host without an account, rate-limited
//   like the patient's booking link: the clinic, the doctor, the date, the kind and the digest of
//   a document whose code is its own (404 for an altered, invented or other clinic's code), and
//   whether it was revoked. Never the patient, nothing clinical.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { resourceByName } from '../../../resources/index';
import { ACCOUNT_STATUS } from '../../shared/enums';
import { type IssuedDocument, PRINTED_KINDS, type PrintedKind, VERIFY_PATH, type VerifiedDocument } from '../../shared/printedDocuments';
import { offersRecordAction, recordAction } from '../../shared/resource';
import { TENANT_ROLE } from '../../shared/roles';
import type { KeyRing } from '../crypto/keyring';
import type { Database } from '../db/schema';
import type { Tx } from '../engine/hooks';
import { dataAnswer, int, nullable, obj, str, NO_CONTENT } from '../http/answers';
import { forbidden, notFound, tenantSuspended } from '../http/errors';
import { NO_BODY } from '../http/route-rules';
import { clinicSite } from '../messages/links';
import { dayOf } from '../days';
import { contentDigest, parseCode, signatureFits, verificationCode } from './codes';

const DOCUMENTS = resourceByName('printedDocuments');
const VISITS = resourceByName('visitings');
const PAYMENTS = resourceByName('payments');
const LAB_ORDERS = resourceByName('labOrders');
const tags = ['prints'];

/** The printed content, as the sheet shows it (its canonical form is digested, never stored). */
const content = { type: 'object', description: "The sheet's content in a language-free form: digested (SHA-256 of its canonical JSON), not stored" };
const issuedAnswer = dataAnswer(obj({ id: int, url: str, digest: str }));
const verifiedAnswer = dataAnswer(
  obj({ status: { type: 'string', enum: ['valid', 'revoked'] }, clinic: str, doctor: nullable(str), date: str, kind: { type: 'string', enum: [...PRINTED_KINDS] }, digest: str, revoked_at: nullable(str) }),
);

/** What a print is of: the record's doctor, date and patient, as the server reads them. */
interface Source {
  doctorId: number | null;
  date: string;
  patientId: number | null;
}

export function registerPrintRoutes(app: FastifyInstance, db: Kysely<Database>, keyring: KeyRing, publicUrl: string): void {
  /** The document for this print: the one issued before for the same record and content, or a new one. */
  const issue = async (request: FastifyRequest, kind: PrintedKind, read: (trx: Tx, id: number) => Promise<Source | undefined>): Promise<{ data: IssuedDocument }> => {
    const recordId = Number((request.params as { id: string }).id);
    const digest = contentDigest((request.body as { content: unknown }).content);
    const tenant = request.tenant!;
    const data = request.data;
    return data.transaction(async (trx) => {
      const source = await read(trx, recordId);
      if (!source) throw notFound();
      const { rows: before } = await sql<{ id: number }>`select id from printed_documents
        where tenant_id = ${tenant.id} and kind = ${kind} and record_id = ${recordId} and digest = ${digest} and revoked_at is null order by id limit 1`.execute(trx);
      let id = before[0] ? Number(before[0].id) : null;
      if (id === null) {
        const { rows } = await sql<{ id: number }>`insert into printed_documents (tenant_id, kind, record_id, doctor_id, issued_on, digest, created_by)
          values (${tenant.id}, ${kind}, ${recordId}, ${source.doctorId}, ${source.date}, ${digest}, ${data.caller!.userId}) returning id`.execute(trx);
        id = Number(rows[0].id);
        await data.audit(trx, { action: 'create', resource: DOCUMENTS.name, recordId: id, patientId: source.patientId });
      }
      const code = await verificationCode(keyring, trx, tenant.id, id, digest);
      return { data: { id, url: `${clinicSite(publicUrl, tenant.subdomain)}${VERIFY_PATH}/${code}`, digest } };
    });
  };

  const visitKinds = ['prescription', 'sick_note', 'referral'] as const;
  app.post(
    `/${VISITS.path}/:id/printed-documents`,
    {
      config: { scope: 'tenant', access: { resource: VISITS, action: 'read' }, record: { resource: VISITS, action: 'read' } },
      schema: {
        tags,
        summary: "A visit's prescription, sick note or referral letter is printed: its verification page's address (the QR code's content)",
        body: { type: 'object', additionalProperties: false, required: ['kind', 'content'], properties: { kind: { type: 'string', enum: [...visitKinds] }, content } },
        response: { 200: issuedAnswer },
      },
    },
    async (request) =>
      issue(request, (request.body as { kind: (typeof visitKinds)[number] }).kind, async (trx, id) => {
        const { rows } = await sql<{ doctor_id: number | null; date: string; patient_id: number }>`
          select doctor_id, to_char(coalesce(date, ${dayOf(request.data.now())}::date), 'YYYY-MM-DD') as date, patient_id from visitings where tenant_id = ${request.tenant!.id} and id = ${id}`.execute(trx);
        return rows[0] && { doctorId: rows[0].doctor_id === null ? null : Number(rows[0].doctor_id), date: rows[0].date, patientId: Number(rows[0].patient_id) };
      }),
  );

  app.post(
    `/${PAYMENTS.path}/:id/printed-documents`,
    {
      config: { scope: 'tenant', access: { resource: PAYMENTS, action: 'read' }, record: { resource: PAYMENTS, action: 'read' } },
      schema: {
        tags,
        summary: "A payment's receipt is printed: its verification page's address (the QR code's content)",
        body: { type: 'object', additionalProperties: false, required: ['content'], properties: { content } },
        response: { 200: issuedAnswer },
      },
    },
    async (request) =>
      issue(request, 'receipt', async (trx, id) => {
        // The doctor of what it paid for (the visit, else the booking), else the clinic's Main Doctor.
        const { rows } = await sql<{ doctor_id: number | null; date: string; patient_id: number }>`
          select coalesce(v.doctor_id, a.doctor_id, (select m.id from tenant_users m where m.tenant_id = p.tenant_id and m.role = ${TENANT_ROLE.mainDoctor} order by m.id limit 1)) as doctor_id,
            to_char(coalesce(p.date, ${dayOf(request.data.now())}::date), 'YYYY-MM-DD') as date, p.patient_id
          from payments p left join visitings v on v.tenant_id = p.tenant_id and v.id = p.visiting_id left join appointments a on a.tenant_id = p.tenant_id and a.id = p.appointment_id
          where p.tenant_id = ${request.tenant!.id} and p.id = ${id}`.execute(trx);
        return rows[0] && { doctorId: rows[0].doctor_id === null ? null : Number(rows[0].doctor_id), date: rows[0].date, patientId: Number(rows[0].patient_id) };
      }),
  );

  app.post(
    `/${LAB_ORDERS.path}/:id/printed-documents`,
    {
      config: { scope: 'tenant', access: { resource: LAB_ORDERS, action: 'read' }, record: { resource: LAB_ORDERS, action: 'read' } },
      schema: {
        tags,
        summary: "A lab order's form is printed: its verification page's address (the QR code's content)",
        body: { type: 'object', additionalProperties: false, required: ['content'], properties: { content } },
        response: { 200: issuedAnswer },
      },
    },
    async (request) =>
      issue(request, 'lab_order', async (trx, id) => {
        const { rows } = await sql<{ doctor_id: number | null; date: string; patient_id: number }>`
          select doctor_id, to_char(coalesce(ordered_on, ${dayOf(request.data.now())}::date), 'YYYY-MM-DD') as date, patient_id from lab_orders where tenant_id = ${request.tenant!.id} and id = ${id}`.execute(trx);
        return rows[0] && { doctorId: rows[0].doctor_id === null ? null : Number(rows[0].doctor_id), date: rows[0].date, patientId: Number(rows[0].patient_id) };
      }),
  );

  const revoke = recordAction(DOCUMENTS, 'revoke-printed-document');
  /** For a refused input: the action offered (403), then the document (404), as the handler asks them. */
  const revocable = async (request: FastifyRequest) => {
    if (!offersRecordAction(revoke, request.session!.user, Number((request.params as { id: string }).id))) throw forbidden();
    await request.data.assertExists(DOCUMENTS, 'read', Number((request.params as { id: string }).id));
  };
  app.post(
    `/${DOCUMENTS.path}/:id/${revoke.post}`,
    { config: { scope: 'tenant', record: revocable }, schema: { tags, summary: 'Revoke a printed document: its verification page says "revoked" from now on (Main Doctor)', body: NO_BODY, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      const id = Number((request.params as { id: string }).id);
      const session = request.session!;
      if (!offersRecordAction(revoke, session.user, id)) throw forbidden();
      const found = await request.data.transaction(async (trx) => {
        const { rows } = await sql<{ revoked: boolean }>`select revoked_at is not null as revoked from printed_documents where tenant_id = ${request.tenant!.id} and id = ${id}`.execute(trx);
        if (!rows.length) return false;
        // Revoking twice changes nothing: the first revocation's time and author stay.
        if (!rows[0].revoked) {
          await sql`update printed_documents set revoked_at = now(), revoked_by = ${session.user.id}, updated_at = now() where tenant_id = ${request.tenant!.id} and id = ${id}`.execute(trx);
          await request.data.audit(trx, { action: 'revoke', resource: DOCUMENTS.name, recordId: id });
        }
        return true;
      });
      if (!found) throw notFound();
      return reply.status(204).send();
    },
  );

  // Rate-limited per address like the booking link: a signature is not guessed by trying.
  const open = { scope: 'tenant' as const, auth: false, rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.get(
    '/public/printed-documents/:code',
    { config: open, schema: { tags: ['public verification'], summary: 'A printed document as anyone holding it may check it: the clinic, doctor, date, kind, digest, and whether it was revoked', response: { 200: verifiedAnswer } } },
    async (request): Promise<{ data: VerifiedDocument }> => {
      const tenant = request.tenant!;
      if (tenant.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
      const parsed = parseCode(String((request.params as { code: string }).code));
      if (!parsed) throw notFound();
      const { rows } = await sql<{ kind: PrintedKind; digest: string; date: string; doctor: string | null; revoked_at: Date | null }>`
        select d.kind, d.digest, to_char(d.issued_on, 'YYYY-MM-DD') as date, u.name as doctor, d.revoked_at
        from printed_documents d left join tenant_users u on u.tenant_id = d.tenant_id and u.id = d.doctor_id
        where d.tenant_id = ${tenant.id} and d.id = ${parsed.id}`.execute(db);
      const row = rows[0];
      // An invented id and an altered signature are refused alike.
      if (!row || !(await signatureFits(keyring, db, tenant.id, parsed.id, row.digest, parsed.signature))) throw notFound();
      return {
        data: { status: row.revoked_at ? 'revoked' : 'valid', clinic: tenant.name, doctor: row.doctor, date: row.date, kind: row.kind, digest: row.digest, revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null },
      };
    },
  );
}

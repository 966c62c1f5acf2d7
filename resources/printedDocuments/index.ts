// Prints anyone can verify (issue 40): one row per printed prescription, sick note, referral
// letter, lab order or receipt that carries a QR code, written by the print itself
// (src/server/prints/routes.ts). The code leads to a public page on the clinic's host that
// confirms the clinic, the doctor, the date, the kind and the content's digest, never the patient.
// The Main Doctor sees them and revokes one: its page then says "revoked".
import { PRINTED_KINDS } from '../../src/shared/printedDocuments';
import { defineResource } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';

const staff = { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true } as const;

export default defineResource({
  name: 'printedDocuments',
  path: 'printed-documents',
  table: 'printed_documents',
  scope: 'tenant',
  route: 'settings/printed-documents',
  mainDoctorOnly: true,
  actions: ['read'],
  titleField: 'kind',
  defaultSort: '-id',
  menu: { order: 112, parent: 'settings' },
  recordActions: [
    {
      key: 'revoke-printed-document',
      post: 'revoke',
      icon: 'safety',
      label: 'printedDocuments.revoke',
      confirm: 'printedDocuments.revokeConfirm',
      done: 'printedDocuments.revoked',
      roles: [TENANT_ROLE.mainDoctor],
    },
  ],
  fields: {
    kind: { type: 'string', readOnly: true, required: true, choices: PRINTED_KINDS, labels: 'resources.printedDocuments.kinds.{}', list: true, filterable: true },
    // The record printed: a visit for the prescription and the letters, a payment for a receipt.
    record_id: { type: 'integer', readOnly: true, required: true, list: true, filterable: true },
    doctor_id: { ...staff, nullable: true, list: true, filterable: true },
    issued_on: { type: 'date', readOnly: true, required: true, list: true, sortable: true, filterable: true },
    // SHA-256 of the printed content's canonical form (src/shared/printedDocuments.ts), hex.
    digest: { type: 'string', readOnly: true, required: true, maxLength: 64, pattern: '^[0-9a-f]{64}$', dir: 'ltr' },
    revoked_at: { type: 'datetime', readOnly: true, nullable: true, list: true, sortable: true, emptyLabel: 'printedDocuments.notRevoked' },
    revoked_by: { ...staff, nullable: true },
    created_by: { ...staff, nullable: true },
  },
});

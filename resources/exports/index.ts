// A clinic's whole copy, on request (issue 15): every record of every clinic resource as JSON and
// CSV, its files, and a FHIR R4 Bundle, in one ZIP built by a background job
// (src/server/exports/). The Main Doctor asks for one (POST /exports, hand-written: it answers 202)
// and downloads it for 24 hours; the rows are the jobs, read through the generated routes.
import { defineResource } from '../../src/shared/resource';

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export default defineResource({
  name: 'exports',
  path: 'exports',
  table: 'exports',
  scope: 'tenant',
  route: 'settings/export',
  mainDoctorOnly: true,
  actions: ['read'],
  titleField: 'created_at',
  defaultSort: '-created_at',
  menu: { order: 107, parent: 'settings' },
  fields: {
    status: { type: 'string', readOnly: true, choices: EXPORT_STATUSES, labels: 'resources.exports.statuses.{}', list: true, filterable: true },
    progress: { type: 'integer', readOnly: true, list: true },
    requested_by: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true, list: true },
    size: { type: 'integer', readOnly: true, nullable: true, list: true },
    finished_at: { type: 'datetime', readOnly: true, nullable: true, list: true, sortable: true },
    expires_at: { type: 'datetime', readOnly: true, nullable: true, list: true },
    // Set by the database while the copy can be downloaded (status done).
    download_url: { type: 'string', readOnly: true, nullable: true },
    // A translation key when the job failed (never a stack trace).
    error: { type: 'string', readOnly: true, nullable: true, labels: '{}' },
  },
});

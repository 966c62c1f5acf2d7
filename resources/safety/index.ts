// What must be known before treating a patient: allergies and alerts (pregnancy, kidney failure,
// a blood thinner...). Kept on the patient's page beside the nurses' records; shown in the safety
// header wherever the patient appears (GET /patients/:id/safety), and checked when prescribing.
import { defineResource } from '../../src/shared/resource';

const patient = { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, required: true, filterable: true, list: true } as const;

export const allergies = defineResource({
  name: 'allergies',
  path: 'allergies',
  table: 'allergies',
  // Noted during an internet cut too (issue 37).
  offline: true,
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'nurses/allergies' },
  titleField: 'substance',
  defaultSort: '-severity',
  fields: {
    patient_id: patient,
    // A drug, an active ingredient or a class ("Penicillin"): a prescribed drug named so, containing
    // it, or of its class raises the warning (src/shared/allergies.ts). Not encrypted: the server matches on it.
    substance: { type: 'string', required: true, maxLength: 120, searchable: true, list: true, sortable: true },
    reaction: { type: 'string', maxLength: 200, nullable: true, list: true },
    severity: { type: 'enum', enum: 'allergySeverity', required: true, list: true, filterable: true, sortable: true },
    noted_on: { type: 'date', nullable: true, list: true, sortable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, encrypted: true },
  },
});

export const patientAlerts = defineResource({
  name: 'patientAlerts',
  path: 'patientAlerts',
  table: 'patient_alerts',
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'nurses/alerts' },
  titleField: 'kind',
  defaultSort: '-created_at',
  fields: {
    patient_id: patient,
    kind: { type: 'enum', enum: 'alertKind', required: true, list: true, filterable: true },
    detail: { type: 'string', maxLength: 200, nullable: true, list: true },
    // An alert that no longer holds (a pregnancy ended) is kept, switched off.
    active: { type: 'boolean', default: true, list: true, filterable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, encrypted: true },
  },
});

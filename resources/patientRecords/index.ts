// Records kept inside a patient's page (the nurses tabs). Each has its own permission table, so a
// nurse can record vital signs without being allowed to edit patients.
import { defineResource } from '../../src/shared/resource';

const patient = { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, required: true, filterable: true, list: true } as const;

export const vitalSigns = defineResource({
  name: 'vitalSigns',
  path: 'vitalSigns',
  table: 'vital_signs',
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'nurses/vital-signs' },
  titleField: 'measured_at',
  defaultSort: '-measured_at',
  // min/max: what is possible (anything else is refused, never clamped); normal: adult reference
  // ranges, outside which a reading is flagged but kept.
  checks: [{ field: 'diastolic', op: '<', other: 'systolic', message: 'validation.diastolicAboveSystolic' }],
  fields: {
    patient_id: patient,
    measured_at: { type: 'datetime', sortable: true, filterable: true, list: true },
    body_temperature: { type: 'number', min: 30, max: 45, normal: { min: 36.1, max: 37.5 }, unit: '°C', nullable: true, list: true },
    heart_rate: { type: 'integer', min: 20, max: 250, normal: { min: 60, max: 100 }, unit: 'bpm', nullable: true, list: true },
    respiratory_rate: { type: 'integer', min: 4, max: 80, normal: { min: 12, max: 20 }, unit: '/min', nullable: true, list: true },
    systolic: { type: 'integer', min: 50, max: 260, normal: { min: 90, max: 139 }, unit: 'mmHg', nullable: true, list: true },
    diastolic: { type: 'integer', min: 30, max: 160, normal: { min: 60, max: 89 }, unit: 'mmHg', nullable: true, list: true },
    oxygen_saturation: { type: 'integer', min: 50, max: 100, normal: { min: 95 }, unit: '%', nullable: true, list: true },
    pain_level: { type: 'integer', min: 0, max: 10, nullable: true },
    weight: { type: 'number', min: 0.5, max: 400, unit: 'kg', nullable: true, list: true },
    height: { type: 'number', min: 30, max: 250, unit: 'cm', nullable: true, list: true },
    // Computed by the server from weight and height.
    bmi: { type: 'number', readOnly: true, normal: { min: 18.5, max: 24.9 }, unit: 'kg/m²', list: true },
    waist_circumference: { type: 'number', min: 20, max: 300, unit: 'cm', nullable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, encrypted: true },
  },
});

export const pastMedicalHistories = defineResource({
  name: 'pastMedicalHistories',
  path: 'pastMedicalHistories',
  table: 'past_medical_histories',
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'nurses/past-medical-histories' },
  titleField: 'condition',
  defaultSort: '-created_at',
  fields: {
    patient_id: patient,
    condition: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
    diagnosed_on: { type: 'date', nullable: true, list: true, sortable: true },
    is_chronic: { type: 'boolean', default: false, list: true, filterable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, list: true, encrypted: true },
  },
});

export const pastMedications = defineResource({
  name: 'pastMedications',
  path: 'pastMedications',
  table: 'past_medications',
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'nurses/past-medications' },
  titleField: 'drug_name',
  defaultSort: '-created_at',
  fields: {
    patient_id: patient,
    drug_name: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
    dose: { type: 'string', maxLength: 100, nullable: true, list: true },
    frequency: { type: 'string', maxLength: 100, nullable: true, list: true },
    started_on: { type: 'date', nullable: true, list: true, sortable: true },
    ended_on: { type: 'date', nullable: true, list: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, encrypted: true },
  },
});

/** The common diseases a patient has, chosen from the clinic's catalog. */
export const patientDiseases = defineResource({
  name: 'patientDiseases',
  path: 'patientDiseases',
  table: 'patient_diseases',
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'nurses/common-diseases' },
  titleField: 'since',
  defaultSort: '-created_at',
  fields: {
    patient_id: patient,
    common_disease_id: { type: 'relation', relation: { resource: 'commonDiseases', labelField: 'name' }, required: true, filterable: true, list: true },
    since: { type: 'date', nullable: true, list: true, sortable: true },
    is_controlled: { type: 'boolean', default: false, list: true, filterable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, list: true, encrypted: true },
  },
});

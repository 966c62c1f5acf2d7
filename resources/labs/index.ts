// Lab orders and results (issue 40): the clinic's test catalog, the tests a doctor orders from a
// visit (the booking then shows "Lab Tracking") and their results, entered by the desk or the
// nurse or attached as photos of the paper, each flagged against the range for the patient's sex
// and age (src/shared/labRanges.ts; the server's hooks: src/server/modules/labs.ts).
import { defineResource } from '../../src/shared/resource';
import { LAB_FLAGS, RESULT_KINDS } from '../../src/shared/labKinds';
import { attachments } from '../attachments';

const patient = { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, required: true, filterable: true, list: true } as const;
// A value a result may hold, and a range's ends: wide enough for any unit (platelets in 10³/µL).
const measure = { type: 'number', min: -1_000_000, max: 1_000_000, nullable: true } as const;
/** Shown in the catalog's form for a test whose result is a number. */
const numeric = { result_kind: ['number'] } as const;

export const labTests = defineResource({
  name: 'labTests',
  path: 'lab-tests',
  table: 'lab_tests',
  scope: 'tenant',
  // A test in an old order is archived, not deleted: the order and its results keep its name.
  deletePolicy: 'archive',
  // Whoever enters a result reads the catalog; the Main Doctor (or whom they allow) keeps it.
  anyStaffReads: true,
  route: 'categories/lab-tests',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 62.7, parent: 'categories' },
  checks: [{ field: 'low', op: '<=', other: 'high' }],
  fields: {
    name: { type: 'string', required: true, maxLength: 160, unique: true, searchable: true, list: true, sortable: true },
    // The name a sheet in Kurdish or Arabic prints (the name above beside it, as laboratories read
    // it); none: the name alone. An English sheet prints the name.
    name_ckb: { type: 'string', maxLength: 160, nullable: true, searchable: true, dir: 'rtl' },
    name_ar: { type: 'string', maxLength: 160, nullable: true, searchable: true, dir: 'rtl' },
    // A number (with a unit and a range) or a text ("negative", a culture's "no growth", a report
    // line); the server refuses what the other kind holds (src/server/modules/labs.ts).
    result_kind: { type: 'string', choices: RESULT_KINDS, default: 'number', labels: 'labTests.kinds.{}', list: true, filterable: true },
    unit: { type: 'string', maxLength: 30, nullable: true, list: true, dir: 'ltr', formWhen: numeric },
    // The general reference range; the bands below, where given, are more precise.
    low: { ...measure, list: true, formWhen: numeric },
    high: { ...measure, list: true, formWhen: numeric },
    // A text test's normal answers: any other answer is flagged (none listed: never flagged).
    answers: {
      type: 'list',
      maxItems: 12,
      formWhen: { result_kind: ['text'] },
      items: { text: { type: 'string', required: true, maxLength: 200 } },
    },
    // By sex and age band (whole years, both ends included): the first band that fits applies.
    ranges: {
      type: 'list',
      maxItems: 12,
      formWhen: numeric,
      items: {
        sex: { type: 'enum', enum: 'gender', nullable: true },
        age_from: { type: 'integer', min: 0, max: 130, nullable: true },
        age_to: { type: 'integer', min: 0, max: 130, nullable: true },
        low: measure,
        high: measure,
      },
    },
    loinc_code: { type: 'string', maxLength: 10, pattern: '^[0-9]{1,7}-[0-9]$', nullable: true, list: true, dir: 'ltr', filterable: true },
    // What it costs, from the price list.
    price_id: { type: 'relation', relation: { resource: 'prices', labelField: 'name' }, nullable: true, filterable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true },
  },
});

export const labOrders = defineResource({
  name: 'labOrders',
  path: 'lab-orders',
  table: 'lab_orders',
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'labs/orders' },
  titleField: 'ordered_on',
  defaultSort: '-ordered_on,-id',
  // The results typed on one screen, the printed order form with its verification code and the printed results.
  panels: [{ name: 'labOrder' }],
  fields: {
    patient_id: patient,
    // The visit it was ordered from: its booking shows "Lab Tracking" until the results are in.
    visiting_id: { type: 'relation', relation: { resource: 'visitings', labelField: 'date' }, nullable: true, filterable: true, list: true },
    doctor_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true, filterable: true, list: true },
    ordered_on: { type: 'date', list: true, sortable: true, filterable: true },
    // None is allowed: tests written in the notes, or only the laboratory's report attached.
    tests: {
      type: 'list',
      maxItems: 40,
      items: {
        lab_test_id: { type: 'relation', relation: { resource: 'labTests', labelField: 'name' }, required: true },
        // The test's name and unit as they were when ordered (printed on the order form).
        name: { type: 'string', readOnly: true },
        unit: { type: 'string', readOnly: true, nullable: true },
      },
    },
    notes: { type: 'text', maxLength: 2000, nullable: true, encrypted: true },
    // The booking's status this order took it from to "Lab Tracking": it goes back to it once every
    // result is in (src/server/modules/labs.ts).
    booking_status: { type: 'enum', enum: 'appointmentStatus', readOnly: true, nullable: true, hideInForm: true },
    // The laboratory's paper report, photographed or scanned.
    attachments,
  },
});

export const labResults = defineResource({
  name: 'labResults',
  path: 'lab-results',
  table: 'lab_results',
  scope: 'tenant',
  patientData: true,
  within: { resource: 'patients', field: 'patient_id', tab: 'labs/results' },
  titleField: 'lab_test_id',
  defaultSort: '-resulted_on,-id',
  fields: {
    patient_id: patient,
    // Made for each test of an order when it is placed (value empty until the result is in).
    lab_order_id: { type: 'relation', relation: { resource: 'labOrders', labelField: 'ordered_on' }, nullable: true, filterable: true, list: true },
    lab_test_id: { type: 'relation', relation: { resource: 'labTests', labelField: 'name' }, required: true, filterable: true, list: true },
    // Typed in any script's digits (٥٫٢ is 5.2), for a test whose result is a number.
    value: { ...measure, list: true },
    // For a test whose result is text: the answer ("negative") or a short report line.
    value_text: { type: 'string', maxLength: 500, nullable: true, list: true, encrypted: true },
    // Set by the server from the test and the patient: the unit, the range applied, the flag.
    unit: { type: 'string', readOnly: true, nullable: true, list: true, dir: 'ltr' },
    reference: { type: 'string', readOnly: true, nullable: true, list: true, dir: 'ltr' },
    flag: { type: 'string', readOnly: true, nullable: true, choices: LAB_FLAGS, labels: 'labResults.flags.{}', tones: { low: 'blue', high: 'red', abnormal: 'red' }, list: true, filterable: true, emptyLabel: 'labResults.flags.normal' },
    resulted_on: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    notes: { type: 'text', maxLength: 2000, nullable: true, encrypted: true },
    attachments,
  },
});

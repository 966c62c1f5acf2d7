// A clinic's records as a FHIR R4 Bundle (type collection) for the clinic's copy: a Patient per
// patient, an Encounter per visit, vital-sign Observations with their LOINC codes, a
// MedicationRequest per prescription line, and a Condition per visit diagnosis and per common
// disease a patient has, a ServiceRequest per lab order and a laboratory Observation per result
// (issue 40), and the patient's photo as an Attachment naming the photo's file in the copy. Ids
// are stable (the same record gives the same entry in every copy).
import { createHash } from 'node:crypto';
import type { Attachment, BundleEntry, CodeableConcept, Condition, Encounter, MedicationRequest, Observation, Patient, Quantity, Reference, Resource, ServiceRequest } from '@medplum/fhirtypes';
import type { Row } from '../engine/hooks';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** A result's flag as HL7's observation interpretation: below, above, or (a text answer) abnormal. */
const INTERPRETATIONS: Record<string, { code: string; display: string }> = { low: { code: 'L', display: 'Low' }, high: { code: 'H', display: 'High' }, abnormal: { code: 'A', display: 'Abnormal' } };
const LAB_CATEGORY = { coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] };

/** The records the Bundle is made of, as the API answers them. */
export interface ClinicalRecords {
  patients: Row[];
  visitings: Row[];
  vitalSigns: Row[];
  patientDiseases: Row[];
  commonDiseases: Row[];
  labTests: Row[];
  labOrders: Row[];
  labResults: Row[];
}

/** A file of the copy (files.json): the Bundle points at it rather than holding its bytes again. */
export interface CopiedFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  /** Its entry in the copy, from the copy's root (files/<id>-<name>). */
  path: string;
}

/** What the Bundle names the clinic's own identifiers after (its subdomain). */
export interface ClinicRef {
  id: number;
  subdomain: string;
}

/** A name-based UUID (RFC 9562 version 8): the same clinic, kind and id give the same one. */
function stableUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A vital sign's LOINC code and UCUM unit. */
interface VitalCode {
  code: string;
  display: string;
  unit: string;
  ucum: string;
}

const VITALS: Record<string, VitalCode> = {
  body_temperature: { code: '8310-5', display: 'Body temperature', unit: '°C', ucum: 'Cel' },
  heart_rate: { code: '8867-4', display: 'Heart rate', unit: 'beats/minute', ucum: '/min' },
  respiratory_rate: { code: '9279-1', display: 'Respiratory rate', unit: 'breaths/minute', ucum: '/min' },
  oxygen_saturation: { code: '2708-6', display: 'Oxygen saturation in Arterial blood', unit: '%', ucum: '%' },
  weight: { code: '29463-7', display: 'Body weight', unit: 'kg', ucum: 'kg' },
  height: { code: '8302-2', display: 'Body height', unit: 'cm', ucum: 'cm' },
  bmi: { code: '39156-5', display: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2', ucum: 'kg/m2' },
  waist_circumference: { code: '8280-0', display: 'Waist Circumference at umbilicus by Tape measure', unit: 'cm', ucum: 'cm' },
  pain_level: { code: '72514-3', display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported', unit: '{score}', ucum: '{score}' },
};
const BLOOD_PRESSURE = { code: '85354-9', display: 'Blood pressure panel with all children optional' };
const SYSTOLIC: VitalCode = { code: '8480-6', display: 'Systolic blood pressure', unit: 'mmHg', ucum: 'mm[Hg]' };
const DIASTOLIC: VitalCode = { code: '8462-4', display: 'Diastolic blood pressure', unit: 'mmHg', ucum: 'mm[Hg]' };

const loinc = (c: { code: string; display: string }): CodeableConcept => ({ coding: [{ system: LOINC, code: c.code, display: c.display }], text: c.display });
const quantity = (value: unknown, c: VitalCode): Quantity => ({ value: Number(value), unit: c.unit, system: UCUM, code: c.ucum });
const present = (value: unknown): boolean => value !== null && value !== undefined && value !== '';
const text = (value: unknown): string | undefined => (present(value) ? String(value) : undefined);
const dateOf = (value: unknown): string | undefined => (present(value) ? (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10) : undefined);
const instantOf = (value: unknown): string | undefined => (present(value) ? (value instanceof Date ? value : new Date(String(value))).toISOString() : undefined);

export class FhirBundleBuilder {
  private readonly entries: BundleEntry[] = [];
  private readonly patientRefs = new Map<number, string>();
  private readonly encounterRefs = new Map<number, string>();
  private files = new Map<number, CopiedFile>();

  constructor(private readonly clinic: ClinicRef) {}

  private add<T extends Resource>(kind: string, id: number | string, resource: T): string {
    const uuid = stableUuid(`${this.clinic.id}:${kind}:${id}`);
    this.entries.push({ fullUrl: `urn:uuid:${uuid}`, resource: { ...resource, id: uuid } });
    return `urn:uuid:${uuid}`;
  }

  private patient(id: unknown): Reference<Patient> | undefined {
    const ref = this.patientRefs.get(Number(id));
    return ref ? { reference: ref } : undefined;
  }

  /** The Bundle of the clinic's records (JSON-ready). */
  build(records: ClinicalRecords, timestamp: Date, files: CopiedFile[] = []): { resourceType: 'Bundle'; type: 'collection'; timestamp: string; entry: BundleEntry[] } {
    this.files = new Map(files.map((f) => [f.id, f]));
    for (const p of records.patients) this.addPatient(p);
    for (const v of records.visitings) this.addVisit(v);
    for (const v of records.vitalSigns) this.addVitals(v);
    const diseaseNames = new Map(records.commonDiseases.map((d) => [Number(d.id), String(d.name)]));
    for (const d of records.patientDiseases) this.addDisease(d, diseaseNames.get(Number(d.common_disease_id)));
    const tests = new Map(records.labTests.map((t) => [Number(t.id), t]));
    for (const o of records.labOrders) this.addLabOrder(o, tests);
    for (const r of records.labResults) this.addLabResult(r, tests.get(Number(r.lab_test_id)));
    return { resourceType: 'Bundle', type: 'collection', timestamp: timestamp.toISOString(), entry: this.entries };
  }

  private addPatient(p: Row): void {
    const identifier: Patient['identifier'] = [{ system: `urn:clinic:${this.clinic.subdomain}:patient`, value: String(p.id) }];
    if (present(p.national_id)) identifier.push({ type: { text: 'National ID' }, value: String(p.national_id) });
    const resource: Patient = {
      resourceType: 'Patient',
      identifier,
      active: !present(p.archived_at),
      name: [{ text: String(p.name) }],
      gender: p.gender === 0 ? 'male' : p.gender === 1 ? 'female' : 'unknown',
      birthDate: dateOf(p.date_of_birth),
      telecom: present(p.phone) ? [{ system: 'phone', value: String(p.phone), use: 'mobile' }] : undefined,
      address: present(p.address) ? [{ text: String(p.address) }] : undefined,
      photo: present(p.photo) ? this.attachment(Number(p.photo)) : undefined,
    };
    this.patientRefs.set(Number(p.id), this.add('Patient', p.id, resource));
  }

  /**
   * A file of the copy as an Attachment: its url relative to fhir/bundle.json (so ../files/…, each
   * part percent-encoded), not its bytes inline, which would hold every photo twice. A file whose
   * bytes were missing from the copy is left out.
   */
  private attachment(id: number): Attachment[] | undefined {
    const file = this.files.get(id);
    if (!file) return undefined;
    const url = `../${file.path.split('/').map(encodeURIComponent).join('/')}`;
    return [{ contentType: file.mime, url, size: file.size, title: file.name }];
  }

  private addVisit(v: Row): void {
    const subject = this.patient(v.patient_id);
    if (!subject) return;
    const encounter: Encounter = {
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
      subject,
      period: present(v.date) ? { start: dateOf(v.date) } : undefined,
      reasonCode: present(v.chief_complaint) ? [{ text: String(v.chief_complaint) }] : undefined,
    };
    const ref = this.add('Encounter', v.id, encounter);
    this.encounterRefs.set(Number(v.id), ref);
    const context = { subject, encounter: { reference: ref } };
    if (present(v.physician_diagnosis)) {
      const condition: Condition = {
        resourceType: 'Condition',
        category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] }],
        code: { text: String(v.physician_diagnosis) },
        recordedDate: dateOf(v.date),
        ...context,
      };
      this.add('Condition:visit', v.id, condition);
    }
    const lines = Array.isArray(v.prescriptions) ? (v.prescriptions as Record<string, unknown>[]) : [];
    lines.forEach((line, index) => {
      const dosage = [line.dose, line.frequency, line.duration].map(text).filter(Boolean).join(', ');
      const request: MedicationRequest = {
        resourceType: 'MedicationRequest',
        status: 'completed',
        intent: 'order',
        medicationCodeableConcept: { text: text(line.name) ?? `#${String(line.drug_id)}` },
        authoredOn: dateOf(v.date),
        dosageInstruction: dosage ? [{ text: dosage }] : undefined,
        note: present(line.notes) ? [{ text: String(line.notes) }] : undefined,
        ...context,
      };
      this.add('MedicationRequest', `${String(v.id)}:${index}`, request);
    });
  }

  private addVitals(v: Row): void {
    const subject = this.patient(v.patient_id);
    if (!subject) return;
    const base = {
      resourceType: 'Observation' as const,
      status: 'final' as const,
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }] }],
      subject,
      effectiveDateTime: instantOf(v.measured_at) ?? instantOf(v.created_at),
      note: present(v.notes) ? [{ text: String(v.notes) }] : undefined,
    };
    for (const [field, code] of Object.entries(VITALS)) {
      if (!present(v[field])) continue;
      const observation: Observation = { ...base, code: loinc(code), valueQuantity: quantity(v[field], code) };
      this.add(`Observation:${field}`, v.id, observation);
    }
    if (present(v.systolic) || present(v.diastolic)) {
      const component: Observation['component'] = [];
      if (present(v.systolic)) component.push({ code: loinc(SYSTOLIC), valueQuantity: quantity(v.systolic, SYSTOLIC) });
      if (present(v.diastolic)) component.push({ code: loinc(DIASTOLIC), valueQuantity: quantity(v.diastolic, DIASTOLIC) });
      this.add('Observation:blood_pressure', v.id, { ...base, code: loinc(BLOOD_PRESSURE), component } satisfies Observation);
    }
  }

  private addDisease(d: Row, name: string | undefined): void {
    const subject = this.patient(d.patient_id);
    if (!subject) return;
    const condition: Condition = {
      resourceType: 'Condition',
      clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: 'active' }] },
      category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] }],
      code: { text: name ?? `#${String(d.common_disease_id)}` },
      subject,
      onsetDateTime: dateOf(d.since),
      note: present(d.notes) ? [{ text: String(d.notes) }] : undefined,
    };
    this.add('Condition:disease', d.id, condition);
  }

  /** A lab test as a code: its LOINC code when the catalog gives one, and its name. */
  private labCode(test: Row | undefined, name?: unknown): CodeableConcept {
    const display = text(test?.name) ?? text(name) ?? 'Laboratory test';
    return present(test?.loinc_code) ? { coding: [{ system: LOINC, code: String(test!.loinc_code), display }], text: display } : { text: display };
  }

  private readonly orderRefs = new Map<number, string>();

  private addLabOrder(o: Row, tests: Map<number, Row>): void {
    const subject = this.patient(o.patient_id);
    if (!subject) return;
    const lines = Array.isArray(o.tests) ? (o.tests as Record<string, unknown>[]) : [];
    const encounter = this.encounterRefs.get(Number(o.visiting_id));
    // One request for the order; its tests are the codes it asks for.
    const request: ServiceRequest = {
      resourceType: 'ServiceRequest',
      status: 'active',
      intent: 'order',
      category: [{ coding: [{ system: 'http://snomed.info/sct', code: '108252007', display: 'Laboratory procedure' }] }],
      code: lines.length === 1 ? this.labCode(tests.get(Number(lines[0].lab_test_id)), lines[0].name) : { text: lines.map((l) => text(l.name)).filter(Boolean).join(', ') || 'Laboratory tests' },
      orderDetail: lines.length > 1 ? lines.map((l) => this.labCode(tests.get(Number(l.lab_test_id)), l.name)) : undefined,
      subject,
      encounter: encounter ? { reference: encounter } : undefined,
      authoredOn: dateOf(o.ordered_on),
      note: present(o.notes) ? [{ text: String(o.notes) }] : undefined,
    };
    this.orderRefs.set(Number(o.id), this.add('ServiceRequest', o.id, request));
  }

  private addLabResult(r: Row, test: Row | undefined): void {
    const subject = this.patient(r.patient_id);
    // A result not yet in is no observation; a text result (a culture's "no growth") is a valueString.
    const isText = present(r.value_text);
    if (!subject || (!present(r.value) && !isText)) return;
    const order = this.orderRefs.get(Number(r.lab_order_id));
    const unit = text(r.unit);
    const low = present(test?.low) ? Number(test!.low) : undefined;
    const high = present(test?.high) ? Number(test!.high) : undefined;
    const range = (): Observation['referenceRange'] => {
      if (!present(r.reference)) return undefined;
      // A text test's normal answers are its range's text; a number's range has its ends too.
      return [isText ? { text: String(r.reference) } : { text: String(r.reference), low: low === undefined ? undefined : { value: low, unit }, high: high === undefined ? undefined : { value: high, unit } }];
    };
    const observation: Observation = {
      resourceType: 'Observation',
      status: 'final',
      category: [LAB_CATEGORY],
      code: this.labCode(test),
      subject,
      basedOn: order ? [{ reference: order }] : undefined,
      effectiveDateTime: dateOf(r.resulted_on),
      ...(isText ? { valueString: String(r.value_text) } : { valueQuantity: { value: Number(r.value), unit } }),
      // The range applied to this patient, as it was printed beside the result.
      referenceRange: range(),
      interpretation: INTERPRETATIONS[String(r.flag)] ? [{ coding: [{ system: INTERPRETATION, ...INTERPRETATIONS[String(r.flag)] }] }] : undefined,
      note: present(r.notes) ? [{ text: String(r.notes) }] : undefined,
    };
    this.add('Observation:lab', r.id, observation);
  }
}

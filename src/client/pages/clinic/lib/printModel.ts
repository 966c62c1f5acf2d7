// What a printed sheet shows (a prescription, a referral letter or a sick note), built from the
// visit, the patient and the clinic's letterhead, with everything already chosen for the sheet's
// language.
import dayjs from 'dayjs';
import { type Letterhead, plainLetterhead } from '../../../../shared/letterhead';
import type { PrintedKind } from '../../../../shared/printedDocuments';
import { type Age, ageFromDob } from './age';
import { instantText } from '../../../engine/instant';
import type { PrintVerification } from './qr';
import { clinicToday } from '../../../engine/instant';

export interface PrescriptionLine {
  drug: string;
  /** The catalog's strength and form, as they were when prescribed ("500 mg", "Capsule"). */
  strength: string;
  form: string;
  dose: string;
  frequency: string;
  duration: string;
  notes: string;
}

/** A labelled part of the sheet below the drugs: the visit's field and its items' names. */
export interface PrintSection {
  field: 'examinations' | 'life_styles' | 'physical_theraphies';
  items: string[];
}

/** The sheets a visit prints. */
export const PRINT_DOCUMENTS = ['prescription', 'referral', 'sickNote'] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];

/** What the doctor adds for a letter: where the patient is referred, or the days of rest. */
export interface LetterInput {
  to?: string;
  days?: number;
}

export interface PrintModel {
  document: PrintDocument;
  /** A referral's addressee. */
  to: string;
  /** A sick note's rest: its days, first and last day. */
  rest: { days: number; from: string; until: string } | null;
  /** The examination findings (a referral letter quotes them). */
  findings: string;
  dir: 'rtl' | 'ltr';
  lang: string;
  letterhead: Letterhead;
  /** The prescribing doctor, left out when the clinic's name already says it. */
  doctor: string;
  /** The prescriber of record, on every sheet above the signature line. */
  prescriber: string;
  /** A reprint: when the sheet was first printed and when this copy was (local times). */
  copy: { first: string; now: string } | null;
  patient: string;
  fileNumber: string;
  gender: number | null;
  age: Age | null;
  /** The patient's known allergies, worst first, as the safety header read them (none when it could not). */
  allergies: { substance: string; severity: number }[];
  date: string;
  diagnosis: string;
  lines: PrescriptionLine[];
  sections: PrintSection[];
  /** The verification code the sheet carries (issue 40), once the server gave one. */
  verify?: PrintVerification | null;
}

/** The server's word on a print (POST /visitings/:id/prints): the prescriber of record, and an earlier print. */
export interface Printed {
  prescriber: string | null;
  printed_at: string;
  first_printed_at: string | null;
}

export interface PrintInput {
  lang: string;
  letterhead?: Letterhead | null;
  /** The clinic's name, when no letterhead could be read. */
  clinic?: string | null;
  /** The prescriber of record (the visit's doctor), whoever prints. */
  doctor?: string | null;
  printed?: Printed | null;
  patient?: Record<string, unknown> | null;
  allergies?: Record<string, unknown>[] | null;
  visit: Record<string, unknown>;
  document?: PrintDocument;
  letter?: LetterInput;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

function items(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((i): i is Record<string, unknown> => !!i && typeof i === 'object') : [];
}

const SECTIONS: PrintSection['field'][] = ['examinations', 'life_styles', 'physical_theraphies'];

export function printModel({ lang, letterhead, clinic, doctor, printed, patient, allergies, visit, document = 'prescription', letter = {} }: PrintInput): PrintModel {
  const date = text(visit.date) || clinicToday();
  const days = Math.max(1, Math.min(60, Math.round(Number(letter.days) || 1)));
  const head: Letterhead = letterhead ?? plainLetterhead(text(clinic));
  const gender = patient?.gender;
  return {
    document,
    to: text(letter.to),
    rest: document === 'sickNote' ? { days, from: date.slice(0, 10), until: dayjs(date.slice(0, 10)).add(days - 1, 'day').format('YYYY-MM-DD') } : null,
    findings: text(visit.examination_findings),
    dir: lang === 'en' ? 'ltr' : 'rtl',
    lang,
    letterhead: head,
    doctor: text(doctor) === text(head.name) ? '' : text(doctor),
    prescriber: text(doctor),
    copy: printed?.first_printed_at ? { first: instantText(printed.first_printed_at), now: instantText(printed.printed_at) } : null,
    patient: text(patient?.name),
    fileNumber: text(patient?.file_number),
    gender: gender === null || gender === undefined || gender === '' ? null : Number(gender),
    age: ageFromDob(patient?.date_of_birth, dayjs(date)),
    allergies: items(allergies).map((a) => ({ substance: text(a.substance), severity: Number(a.severity) })).filter((a) => a.substance !== ''),
    date: date.slice(0, 10),
    diagnosis: text(visit.physician_diagnosis),
    lines: items(visit.prescriptions)
      .map((p) => ({ drug: text(p.name), strength: text(p.strength), form: text(p.form), dose: text(p.dose), frequency: text(p.frequency), duration: text(p.duration), notes: text(p.notes) }))
      .filter((l) => l.drug !== ''),
    sections: SECTIONS.map((field) => ({ field, items: items(visit[field]).map((i) => text(i.name)).filter(Boolean) })).filter((s) => s.items.length > 0),
  };
}

/** The kind the server knows each of a visit's sheets by (src/shared/printedDocuments.ts). */
export const PRINTED_KIND: Record<PrintDocument, PrintedKind> = { prescription: 'prescription', sickNote: 'sick_note', referral: 'referral' };

/**
 * What the sheet says, its language aside (labels, direction, letterhead lines, the copy notice):
 * the content the server digests for the sheet's verification code. The same sheet printed again,
 * in any language, digests the same.
 */
export function printedContent(m: PrintModel): Record<string, unknown> {
  const common = { kind: PRINTED_KIND[m.document], clinic: m.letterhead.name, date: m.date, patient: m.patient, file_number: m.fileNumber, gender: m.gender, age: m.age, allergies: m.allergies, prescriber: m.prescriber, diagnosis: m.diagnosis };
  if (m.document === 'prescription') return { ...common, lines: m.lines, sections: m.sections };
  if (m.document === 'referral') return { ...common, to: m.to, findings: m.findings, lines: m.lines.map((l) => ({ drug: l.drug, strength: l.strength })) };
  return { ...common, rest: m.rest };
}

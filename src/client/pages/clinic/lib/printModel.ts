// What a printed prescription shows, built from the visit, the patient and the clinic, with
// everything already formatted for the chosen language.
import dayjs from 'dayjs';
import { type Age, ageFromDob } from './age';

export interface PrescriptionLine {
  drug: string;
  dose: string;
  frequency: string;
  duration: string;
  notes: string;
}

export interface PrintModel {
  dir: 'rtl' | 'ltr';
  lang: string;
  clinic: string;
  doctor: string;
  patient: string;
  age: Age | null;
  date: string;
  diagnosis: string;
  lines: PrescriptionLine[];
  advice: string[];
}

export interface PrintInput {
  lang: string;
  clinic?: string | null;
  doctor?: string | null;
  patient?: Record<string, unknown> | null;
  visit: Record<string, unknown>;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

function items(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((i): i is Record<string, unknown> => !!i && typeof i === 'object') : [];
}

export function printModel({ lang, clinic, doctor, patient, visit }: PrintInput): PrintModel {
  const date = text(visit.date) || dayjs().format('YYYY-MM-DD');
  return {
    dir: lang === 'en' ? 'ltr' : 'rtl',
    lang,
    clinic: text(clinic),
    doctor: text(doctor),
    patient: text(patient?.name),
    age: ageFromDob(patient?.date_of_birth, dayjs(date)),
    date: date.slice(0, 10),
    diagnosis: text(visit.physician_diagnosis),
    lines: items(visit.prescriptions)
      .map((p) => ({ drug: text(p.name), dose: text(p.dose), frequency: text(p.frequency), duration: text(p.duration), notes: text(p.notes) }))
      .filter((l) => l.drug !== ''),
    advice: [...items(visit.examinations), ...items(visit.life_styles), ...items(visit.physical_theraphies)].map((i) => text(i.name)).filter(Boolean),
  };
}

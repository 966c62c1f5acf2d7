// The demo clinic's lab test catalog (issue 40): common tests with their units, adult reference
// ranges (by sex where they differ, a child band for haemoglobin) and LOINC codes, and a few
// results over the last months so the patient's chart shows a trend.
import dayjs from 'dayjs';
import { type Transaction, sql } from 'kysely';
import type { RangeBand } from '../../shared/labRanges';
import type { Database } from './schema';

const M = 0;
const F = 1;

interface SeedTest {
  name: string;
  unit: string | null;
  low: number | null;
  high: number | null;
  loinc: string;
  ranges?: RangeBand[];
  /** A test whose result is text, with its normal answers (none: a free report line). */
  answers?: string[];
  /** Its name on Kurdish and Arabic sheets. */
  ckb?: string;
  ar?: string;
}

export const LAB_TESTS: SeedTest[] = [
  { name: 'Haemoglobin (Hb)', ckb: 'هیمۆگلۆبین', ar: 'الهيموغلوبين', unit: 'g/dL', low: 12, high: 17.5, loinc: '718-7', ranges: [{ age_from: 1, age_to: 12, low: 11, high: 14.5 }, { sex: M, low: 13.5, high: 17.5 }, { sex: F, low: 12, high: 15.5 }] },
  { name: 'White blood cells (WBC)', unit: '10³/µL', low: 4, high: 11, loinc: '6690-2' },
  { name: 'Platelets', unit: '10³/µL', low: 150, high: 400, loinc: '777-3' },
  { name: 'Haematocrit (Hct)', unit: '%', low: 36, high: 53, loinc: '4544-3', ranges: [{ sex: M, low: 41, high: 53 }, { sex: F, low: 36, high: 46 }] },
  { name: 'Fasting blood glucose', ckb: 'شەکری خوێن بە برسێتی', ar: 'سكر الدم الصائم', unit: 'mg/dL', low: 70, high: 100, loinc: '1558-6' },
  { name: 'HbA1c', unit: '%', low: null, high: 5.6, loinc: '4548-4' },
  { name: 'Creatinine', unit: 'mg/dL', low: 0.59, high: 1.35, loinc: '2160-0', ranges: [{ sex: M, low: 0.74, high: 1.35 }, { sex: F, low: 0.59, high: 1.04 }] },
  { name: 'Urea', unit: 'mg/dL', low: 15, high: 45, loinc: '3091-6' },
  { name: 'ALT', unit: 'U/L', low: null, high: 41, loinc: '1742-6', ranges: [{ sex: M, high: 41 }, { sex: F, high: 33 }] },
  { name: 'AST', unit: 'U/L', low: null, high: 40, loinc: '1920-8', ranges: [{ sex: M, high: 40 }, { sex: F, high: 32 }] },
  { name: 'Total cholesterol', unit: 'mg/dL', low: null, high: 200, loinc: '2093-3' },
  { name: 'Triglycerides', unit: 'mg/dL', low: null, high: 150, loinc: '2571-8' },
  { name: 'HDL cholesterol', unit: 'mg/dL', low: 40, high: null, loinc: '2085-9', ranges: [{ sex: M, low: 40 }, { sex: F, low: 50 }] },
  { name: 'LDL cholesterol', unit: 'mg/dL', low: null, high: 100, loinc: '2089-1' },
  { name: 'TSH', unit: 'mIU/L', low: 0.4, high: 4, loinc: '3016-3' },
  { name: 'Vitamin D (25-OH)', unit: 'ng/mL', low: 30, high: 100, loinc: '1989-3' },
  { name: 'Pregnancy test (urine hCG)', ckb: 'پشکنینی دووگیانی (hCG ی میز)', ar: 'فحص الحمل (hCG في الإدرار)', unit: null, low: null, high: null, loinc: '2106-3', answers: ['Negative'] },
  { name: 'H. pylori stool antigen', unit: null, low: null, high: null, loinc: '17780-8', answers: ['Negative'] },
  { name: 'Urine culture', ckb: 'چاندنی میز', ar: 'زرع الإدرار', unit: null, low: null, high: null, loinc: '630-4', answers: ['No growth'] },
  { name: 'Blood group (ABO/Rh)', unit: null, low: null, high: null, loinc: '882-1', answers: [] },
];

/** HbA1c and fasting glucose three times over half a year for the first patients: a falling trend. */
const TREND: [string, number[], string][] = [
  ['HbA1c', [8.1, 7.2, 6.4], '≤ 5.6'],
  ['Fasting blood glucose', [162, 131, 108], '70–100'],
];

export async function seedLabs(trx: Transaction<Database>, tenantId: number, patientIds: number[], now: Date): Promise<void> {
  const { rows: tests } = await sql<{ id: number; name: string; unit: string }>`insert into lab_tests (tenant_id, name, name_ckb, name_ar, unit, low, high, ranges, loinc_code, result_kind, answers)
    values ${sql.join(LAB_TESTS.map((t) => sql`(${tenantId}, ${t.name}, ${t.ckb ?? null}, ${t.ar ?? null}, ${t.unit}, ${t.low}, ${t.high}, ${JSON.stringify(t.ranges ?? [])}::jsonb, ${t.loinc}, ${t.answers ? 'text' : 'number'}, ${JSON.stringify((t.answers ?? []).map((text) => ({ text })))}::jsonb)`))}
    returning id, name, unit`.execute(trx);
  const today = dayjs(now).startOf('day');
  const results = patientIds.slice(0, 5).flatMap((patientId) =>
    TREND.flatMap(([name, values, reference]) => {
      const test = tests.find((t) => t.name === name)!;
      return values.map((value, i) => {
        const high = name === 'HbA1c' ? value > 5.6 : value > 100;
        return sql`(${tenantId}, ${patientId}, ${test.id}, ${value}, ${test.unit}, ${reference}, ${high ? 'high' : null}, ${today.subtract((2 - i) * 90 + 3, 'day').format('YYYY-MM-DD')})`;
      });
    }),
  );
  await sql`insert into lab_results (tenant_id, patient_id, lab_test_id, value, unit, reference, flag, resulted_on) values ${sql.join(results)}`.execute(trx);
}

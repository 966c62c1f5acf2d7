// The central dashboard's figures (GET /dashboard) turned into labelled chart data in the
// reader's language: enum labels for gender and status, label_<lang> for city, plan and education,
// age bands and month names from the locale files.
import type { Translate } from '../../../shared/labels';

export interface Counts {
  doctors: number;
  active: number;
  users: number;
  patients: number;
  visits: number;
  storage_mb: number;
  cases: number;
  laws: number;
}

export interface KeyCount {
  key: string | number | null;
  count: number;
  label_en?: string | null;
  label_ar?: string | null;
  label_ckb?: string | null;
}

export interface CentralDashboard {
  counts: Counts;
  gender: KeyCount[];
  status: KeyCount[];
  city: KeyCount[];
  plan: KeyCount[];
  education: KeyCount[];
  age: KeyCount[];
  registrations: { month: string; count: number }[];
}

export interface Point {
  label: string;
  value: number;
}

export const AGE_BANDS = ['under30', '30to39', '40to49', '50to59', '60plus', 'unknown'] as const;

const notSet = (t: Translate) => t('dashboard.notSet', 'Not set');

export function enumPoints(t: Translate, enumName: string, rows: readonly KeyCount[]): Point[] {
  return rows.map((r) => ({ label: r.key === null || r.key === undefined ? notSet(t) : t(`enums.${enumName}.${String(r.key)}`, String(r.key)), value: r.count }));
}

export function labelledPoints(t: Translate, lang: string, rows: readonly KeyCount[]): Point[] {
  return rows.map((r) => {
    const own = (r as unknown as Record<string, unknown>)[`label_${lang}`];
    const label = typeof own === 'string' && own ? own : r.label_en;
    return { label: label || notSet(t), value: r.count };
  });
}

/** Age bands in their natural order, every band present (0 when none). */
export function agePoints(t: Translate, rows: readonly KeyCount[]): Point[] {
  const counts = new Map(rows.map((r) => [String(r.key), r.count]));
  return AGE_BANDS.map((band) => ({ label: t(`dashboard.age.${band}`, band), value: counts.get(band) ?? 0 }));
}

/** "2026-03" → "March 2026" (translated month name). */
export function monthLabel(t: Translate, month: string): string {
  const [year, m] = month.split('-');
  const n = Number(m);
  if (!year || !Number.isInteger(n) || n < 1 || n > 12) return month;
  return `${t(`months.${n}`, m)} ${year}`;
}

export function registrationPoints(t: Translate, rows: readonly { month: string; count: number }[]): Point[] {
  return rows.map((r) => ({ label: monthLabel(t, r.month), value: r.count }));
}

// Vital signs over time as chart series: weight, BMI, blood pressure and heart rate.

export interface VitalRow {
  measured_at?: unknown;
  weight?: unknown;
  bmi?: unknown;
  systolic?: unknown;
  diastolic?: unknown;
  heart_rate?: unknown;
}

export const TREND_FIELDS = ['weight', 'bmi', 'systolic', 'diastolic', 'heart_rate'] as const;
export type TrendField = (typeof TREND_FIELDS)[number];

/** Oldest first; one point per measured field; blanks skipped. */
export function vitalSeries(rows: readonly VitalRow[], label: (f: TrendField) => string, formatDate: (v: string) => string): { x: string; series: string; value: number }[] {
  const sorted = [...rows].filter((r) => r.measured_at).sort((a, b) => String(a.measured_at).localeCompare(String(b.measured_at)));
  const out: { x: string; series: string; value: number }[] = [];
  for (const r of sorted) {
    for (const f of TREND_FIELDS) {
      const v = r[f];
      if (v === null || v === undefined || v === '') continue;
      const n = Number(v);
      if (Number.isFinite(n)) out.push({ x: formatDate(String(r.measured_at)), series: label(f), value: n });
    }
  }
  return out;
}

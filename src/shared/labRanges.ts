// Lab results against a test's reference range (issue 40): the range that applies to a patient (by
// sex and age band where the catalog gives bands), and whether a value lies below or above it.
// Shared by the server, which stores the flag with the result, and the client's trend.
import { parseNumberText } from './digits';
import type { LabFlag } from './labKinds';

export { LAB_FLAGS, type LabFlag, RESULT_KINDS, type ResultKind } from './labKinds';

/** A band of a test's reference range: for one sex (none: both) and ages in whole years, both ends included. */
export interface RangeBand {
  sex?: number | null;
  age_from?: number | null;
  age_to?: number | null;
  low?: number | null;
  high?: number | null;
}

/** What a catalog test says of its range: the general one and its bands, first fitting band wins. */
export interface TestRange {
  /** A number, or its text as the database's numeric column reads. */
  low?: number | string | null;
  high?: number | string | null;
  ranges?: readonly RangeBand[] | null;
}

export interface Range {
  low: number | null;
  high: number | null;
}


const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);

/** Whole years between a day of birth and a day (YYYY-MM-DD), or null when either is unknown. */
export function ageInYears(dateOfBirth: unknown, on: string): number | null {
  if (!dateOfBirth) return null;
  const born = String(dateOfBirth instanceof Date ? dateOfBirth.toISOString() : dateOfBirth).slice(0, 10);
  const [by, bm, bd] = born.split('-').map(Number);
  const [y, m, d] = on.slice(0, 10).split('-').map(Number);
  if (![by, bm, bd, y, m, d].every(Number.isFinite)) return null;
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The range for this patient: the first band whose sex and ages fit (a band naming a sex or an age
 * does not fit a patient whose sex or age is unknown), else the test's general range.
 */
export function rangeFor(test: TestRange, sex: number | null, age: number | null): Range {
  for (const band of test.ranges ?? []) {
    const bandSex = num(band.sex);
    const from = num(band.age_from);
    const to = num(band.age_to);
    if (bandSex !== null && bandSex !== sex) continue;
    if ((from !== null || to !== null) && age === null) continue;
    if (from !== null && age! < from) continue;
    if (to !== null && age! > to) continue;
    return { low: num(band.low), high: num(band.high) };
  }
  return { low: num(test.low), high: num(test.high) };
}

/** Below or above the range (its ends are normal); null: within it, no value, or no range. */
export function labFlag(value: unknown, range: Range): LabFlag | null {
  const v = typeof value === 'string' ? parseNumberText(value) : num(value);
  if (v === null) return null;
  if (range.low !== null && v < range.low) return 'low';
  if (range.high !== null && v > range.high) return 'high';
  return null;
}

/** The range as printed beside a result: "70–100", "≤ 5.7", "≥ 40", or '' for none. */
export function rangeText(range: Range): string {
  if (range.low !== null && range.high !== null) return `${range.low}–${range.high}`;
  if (range.high !== null) return `≤ ${range.high}`;
  if (range.low !== null) return `≥ ${range.low}`;
  return '';
}

/** Spaces and case do not make another answer ("Negative " is "negative"). */
const answerKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** A test's normal answers as its catalog row holds them (a list of `{ text }`). */
export function normalAnswers(answers: unknown): string[] {
  return (Array.isArray(answers) ? answers : []).map((a) => String((a as { text?: unknown } | null)?.text ?? '').trim()).filter(Boolean);
}

/** A text answer not among the normal ones is abnormal; no answer, or none listed, no flag. */
export function textFlag(answer: unknown, normal: readonly string[]): LabFlag | null {
  const given = typeof answer === 'string' ? answerKey(answer) : '';
  if (!given || !normal.length) return null;
  return normal.some((n) => answerKey(n) === given) ? null : 'abnormal';
}

// Vital signs and tasks. Vital signs: BMI is the server's to compute (weight in kg over height in metres squared), and a
// reading without a time is taken now.
import type { Input, ResourceHooks, Row } from '../engine/hooks';
import { invalid } from '../http/errors';

export function bmi(weightKg: unknown, heightCm: unknown): number | null {
  const w = Number(weightKg);
  const h = Number(heightCm) / 100;
  if (!weightKg || !heightCm || !Number.isFinite(w) || !Number.isFinite(h) || h <= 0) return null;
  return Math.round((w / (h * h)) * 10) / 10;
}

/** A blood pressure reading: the systolic (upper) figure is above the diastolic (lower) one. */
function checkPressure(systolic: unknown, diastolic: unknown): void {
  if (systolic == null || diastolic == null) return;
  if (Number(systolic) <= Number(diastolic)) throw invalid({ diastolic: [{ key: 'validation.diastolicAboveSystolic' }] });
}

/** A reading is taken now or earlier (a few minutes' grace for a device's clock). */
function checkReadingTime(measuredAt: unknown, now: Date): void {
  if (measuredAt != null && new Date(String(measuredAt)).getTime() > now.getTime() + 5 * 60_000) throw invalid({ measured_at: [{ key: 'validation.futureReading' }] });
}

export const vitalSignHooks: ResourceHooks = {
  beforeCreate(ctx, input: Input) {
    input.measured_at ??= ctx.now.toISOString();
    checkReadingTime(input.measured_at, ctx.now);
    checkPressure(input.systolic, input.diastolic);
    input.bmi = bmi(input.weight, input.height);
  },
  beforeUpdate(ctx, input: Input, existing: Row) {
    checkReadingTime(input.measured_at, ctx.now);
    checkPressure('systolic' in input ? input.systolic : existing.systolic, 'diastolic' in input ? input.diastolic : existing.diastolic);
    if ('weight' in input || 'height' in input) {
      input.bmi = bmi(input.weight !== undefined ? input.weight : existing.weight, input.height !== undefined ? input.height : existing.height);
    }
  },
};

/** Tasks: the end day may not come before the start day. */
export const taskHooks: ResourceHooks = {
  beforeCreate(_ctx, input: Input) {
    checkDays(input.start_day, input.end_day);
  },
  beforeUpdate(_ctx, input: Input, existing: Row) {
    checkDays('start_day' in input ? input.start_day : existing.start_day, 'end_day' in input ? input.end_day : existing.end_day);
  },
};

function checkDays(start: unknown, end: unknown): void {
  if (start && end && String(end) < String(start)) throw invalid({ end_day: [{ key: 'validation.endBeforeStart' }] });
}

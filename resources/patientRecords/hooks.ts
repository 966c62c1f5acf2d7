// Vital signs: BMI is the server's to compute (weight in kg over height in metres squared), and a
// reading without a time is taken now. (Diastolic below systolic, and a task's end not before its
// start, are declared comparisons: `checks` in resources/.)
import type { Input, ResourceHooks, Row } from '../../src/server/engine/hooks';
import { invalid } from '../../src/server/http/errors';

export function bmi(weightKg: unknown, heightCm: unknown): number | null {
  const w = Number(weightKg);
  const h = Number(heightCm) / 100;
  if (!weightKg || !heightCm || !Number.isFinite(w) || !Number.isFinite(h) || h <= 0) return null;
  return Math.round((w / (h * h)) * 10) / 10;
}

/** A reading is taken now or earlier (a few minutes' grace for a device's clock). */
function checkReadingTime(measuredAt: unknown, now: Date): void {
  if (measuredAt != null && new Date(String(measuredAt)).getTime() > now.getTime() + 5 * 60_000) throw invalid({ measured_at: [{ key: 'validation.futureReading' }] });
}

export const vitalSignHooks: ResourceHooks = {
  beforeCreate(ctx, input: Input) {
    input.measured_at ??= ctx.now.toISOString();
    checkReadingTime(input.measured_at, ctx.now);
    input.bmi = bmi(input.weight, input.height);
  },
  beforeUpdate(ctx, input: Input, existing: Row) {
    checkReadingTime(input.measured_at, ctx.now);
    if ('weight' in input || 'height' in input) {
      input.bmi = bmi(input.weight !== undefined ? input.weight : existing.weight, input.height !== undefined ? input.height : existing.height);
    }
  },
};

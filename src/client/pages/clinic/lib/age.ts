// Age from a date of birth (YYYY-MM-DD), in whole years, or months for babies under two.
import dayjs, { type Dayjs } from 'dayjs';
import { clinicDay } from '../../../engine/clinicDay';

export interface Age {
  years: number;
  months: number;
}

export function ageFromDob(dob: unknown, today: Dayjs = clinicDay()): Age | null {
  if (typeof dob !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(dob)) return null;
  const birth = dayjs(dob.slice(0, 10));
  if (!birth.isValid() || birth.isAfter(today, 'day')) return null;
  const totalMonths = today.diff(birth, 'month');
  return { years: Math.floor(totalMonths / 12), months: totalMonths % 12 };
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** "34 years" or, under two, "14 months" (translated). Empty when unknown. */
export function formatAge(t: T, age: Age | null): string {
  if (!age) return '';
  if (age.years < 2) return t('clinic.ageMonths', { count: age.years * 12 + age.months });
  return t('clinic.ageYears', { count: age.years });
}

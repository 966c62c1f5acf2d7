// Phone numbers as a front desk types them: with or without spaces, dashes, a leading 0 or +964.

import { latinDigits } from '../../../../shared/digits';

/** The ASCII digits of a phone typed in any script (٠٧٥٠ is 0750). */
export const digits = (v: string): string => latinDigits(v).replace(/\D/g, '');

/** Phones match on their last nine digits, so "0750 123 4567" is "+964 750 123 4567". */
export function samePhone(a: string, b: string): boolean {
  const x = digits(a);
  const y = digits(b);
  return x.length >= 7 && y.length >= 7 && x.slice(-9) === y.slice(-9);
}

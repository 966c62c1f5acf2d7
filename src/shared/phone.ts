// Phone numbers in one international form (E.164, '+9647711881259'), read from whatever a front
// desk types: 0771 188 1259, 7711881259, +964 771 188 1259, 00964…, in any script's digits.
// libphonenumber-js with its small ('min') metadata: the server imports it, the browser loads it
// only where a phone is shown (see src/client/engine/PhoneText.tsx).
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { latinDigits } from './digits';
import { PHONE_SHAPE } from './phone-shape';

export type { CountryCode };

/** Clinics are in Iraq and the Kurdistan region: a number without its country code is Iraqi. */
export const DEFAULT_PHONE_REGION: CountryCode = 'IQ';

/** The number in E.164, or null when the text is not a valid phone number. */
export function toE164(text: string, region: CountryCode = DEFAULT_PHONE_REGION): string | null {
  const plain = latinDigits(text).trim();
  if (!PHONE_SHAPE.test(plain)) return null;
  const parsed = parsePhoneNumberFromString(plain, region);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether a stored value is a phone number in E.164 already (what the API stores). */
export function isE164Phone(value: string, region: CountryCode = DEFAULT_PHONE_REGION): boolean {
  return toE164(value, region) === value;
}

/**
 * What to look for in a stored phone when a search text looks like one (null when it does not):
 * a whole number as E.164; part of one as its digits, a leading trunk 0 dropped (so "0771 18"
 * finds +96477118…) and 00 read as +. Stored phones are E.164, so "contains" finds both. A short
 * run of digits without 0 or + ("1881259", the end of a number) is a part, even where it would
 * also be a whole landline number.
 */
export function phoneSearchText(text: string, region: CountryCode = DEFAULT_PHONE_REGION): string | null {
  const plain = latinDigits(text).trim();
  if (!PHONE_SHAPE.test(plain)) return null;
  const digits = plain.replace(/[^0-9+]/g, '');
  const whole = /^[+0]/.test(digits) || digits.length >= 10 ? toE164(plain, region) : null;
  if (whole) return whole;
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0') && digits.length > 1) return digits.slice(1);
  return digits;
}

/**
 * A stored phone as people read it: a number of the clinic's region in its national grouping
 * (0771 188 1259), any other in the international one (+49 30 123456); anything else as it is.
 */
export function formatPhone(value: string, region: CountryCode = DEFAULT_PHONE_REGION): string {
  const parsed = parsePhoneNumberFromString(latinDigits(value), region);
  if (!parsed?.isValid()) return value;
  return parsed.country === region ? parsed.formatNational() : parsed.formatInternational();
}

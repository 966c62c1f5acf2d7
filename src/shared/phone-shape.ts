// What a phone number may be written with, without the phone library: the browser's light check
// before sending (the server checks the number itself, see phone.ts).
import { latinDigits } from './digits';

/** Digits, an optional leading + or (, spaces, ( ) . - (after latinDigits). */
export const PHONE_SHAPE = /^\+?\(?[0-9][0-9 ().-]*$/;

/** Whether a text could be a phone number: its shape, and 6 to 15 digits (E.164 has at most 15). */
export function looksLikePhone(text: string): boolean {
  const plain = latinDigits(text).trim();
  const count = plain.replace(/\D/g, '').length;
  return PHONE_SHAPE.test(plain) && count >= 6 && count <= 15;
}

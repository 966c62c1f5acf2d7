// The shared digit conversion and phone normalization, as client and server both use them.
import { describe, expect, it } from 'vitest';
import { latinDigits, latinNumberText, parseNumberText } from '../../src/shared/digits';
import { looksLikePhone } from '../../src/shared/phone-shape';
import { formatPhone, phoneSearchText, toE164 } from '../../src/shared/phone';
import { parseTypedNumber } from '../../src/client/engine/digitInputs';

describe('digits of every script', () => {
  it('converts Arabic-Indic, Persian and other scripts\' digits, keeping everything else', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(latinDigits('०१२ ০১২ ０１２ 𝟎𝟗')).toBe('012 012 012 09');
    expect(latinDigits('ژمارە ٣ and 4')).toBe('ژمارە 3 and 4');
    expect(latinDigits('plain 2025-01-02')).toBe('plain 2025-01-02');
  });

  it('reads numbers with the Arabic decimal and thousands separators', () => {
    expect(latinNumberText('٣٧٫٥')).toBe('37.5');
    expect(parseNumberText('٣٧٫٥')).toBe(37.5);
    expect(parseNumberText('١٬٢٥٠٬٠٠٠')).toBe(1250000);
    expect(parseNumberText('۲۵٫۰۵')).toBe(25.05);
    expect(parseNumberText('−٥')).toBe(-5);
    expect(parseNumberText(' 12 ')).toBe(12);
    for (const bad of ['', 'abc', '٣٧ درجة', '1e5', '1.2.3', 'Infinity', '0x10']) expect(parseNumberText(bad), bad).toBeNull();
  });

  it('gives antd\'s number input text it can read, so nothing typed is wiped', () => {
    expect(parseTypedNumber('٣٧٫٥')).toBe('37.5');
    expect(parseTypedNumber('١٬٠٠٠')).toBe('1000');
    expect(parseTypedNumber('')).toBe('');
    expect(parseTypedNumber(undefined)).toBe('');
  });
});

describe('phones', () => {
  const local = ['07711881259', '0771 188 1259', '+964 771 188 1259', '7711881259', '00964 771 188 1259', '0771-188-1259', '(0771) 188 1259'];

  it('stores every local form, in every script, as E.164 (Iraq by default)', () => {
    for (const typed of [...local, '٠٧٧١ ١٨٨ ١٢٥٩', '۰۷۷۱۱۸۸۱۲۵۹', '+٩٦٤٧٧١١٨٨١٢٥٩']) expect(toE164(typed), typed).toBe('+9647711881259');
    expect(toE164('+1 202 555 0100')).toBe('+12025550100');
    expect(toE164('0750 123 4567', 'IQ')).toBe('+9647501234567');
  });

  it('refuses what is not a phone number', () => {
    for (const bad of ['', '0771 18', '12', 'call me', '0771 abc 1259', '+964 99999999999', '+', '07711881259 ext']) expect(toE164(bad), bad).toBeNull();
  });

  it('turns a search text that looks like a phone into what the stored E.164 contains', () => {
    for (const q of [...local, '٠٧٧١ ١٨٨ ١٢٥٩']) expect(phoneSearchText(q), q).toBe('+9647711881259');
    expect(phoneSearchText('0771 18')).toBe('77118');
    expect(phoneSearchText('٠٧')).toBe('7');
    expect(phoneSearchText('+964 771')).toBe('+964771');
    expect(phoneSearchText('00964 771')).toBe('+964771');
    // The end of a number (the duplicate check sends its last 7 digits) stays a part of one.
    expect(phoneSearchText('1881259')).toBe('1881259');
    expect(phoneSearchText('Ahmad')).toBeNull();
    expect(phoneSearchText('احمد ٣')).toBeNull();
  });

  it('shows a stored number in its national grouping, a foreign one in the international one', () => {
    expect(formatPhone('+9647711881259')).toBe('0771 188 1259');
    expect(formatPhone('+12025550100')).toBe('+1 202 555 0100');
    expect(formatPhone('ask at the desk')).toBe('ask at the desk');
  });

  it('checks the shape lightly in the browser (the server checks the number)', () => {
    expect(looksLikePhone('٠٧٧١ ١٨٨ ١٢٥٩')).toBe(true);
    expect(looksLikePhone('+964 771 188 1259')).toBe(true);
    expect(looksLikePhone('0771')).toBe(false);
    expect(looksLikePhone('call 0771 188 1259')).toBe(false);
  });

});

// Digits of every script to ASCII, for the server and the browser alike. Clinics type on Arabic
// keyboards: ٠٧٧١ (Arabic-Indic) and ۰۷۷۱ (Persian) are the same number as 0771, and an amount may
// use the Arabic decimal separator (٣٧٫٥) and thousands separator (١٬٠٠٠).

/**
 * The code point of the zero of every Unicode decimal digit run (general category Nd), generated
 * with Node's ICU: each run holds ten digits in order, so a digit's value is its distance from the
 * zero before it. A table rather than /\p{Nd}/u, so browsers of older Unicode convert alike.
 */
const ZEROS: readonly number[] = [
  0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0,
  0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0,
  0x10d30, 0x10d40, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x116d0, 0x116da, 0x11730, 0x118e0, 0x11950,
  0x11bf0, 0x11c50, 0x11d50, 0x11da0, 0x11de0, 0x11f50, 0x16130, 0x16a60, 0x16ac0, 0x16b50, 0x16d70, 0x1ccf0, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec,
  0x1d7f6, 0x1e140, 0x1e2f0, 0x1e4f0, 0x1e5f1, 0x1e950, 0x1fbf0,
];

const ARABIC_DECIMAL_SEPARATOR = '\u066b'; // ٫
/** Anything past ASCII, which may be a digit; plain ASCII text is returned as it is. */
const NON_ASCII = /[^\t\n\r\x20-\x7e]/;

/** The value of a decimal digit of any script, or -1. */
function digitValue(cp: number): number {
  if (cp < 0x30) return -1;
  let lo = 0;
  let hi = ZEROS.length - 1;
  // The greatest zero at or below cp.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ZEROS[mid] <= cp) lo = mid;
    else hi = mid - 1;
  }
  const value = cp - ZEROS[lo];
  return value >= 0 && value <= 9 ? value : -1;
}

/** Every decimal digit, of whatever script, as its ASCII digit; everything else kept. */
export function latinDigits(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const value = digitValue(ch.codePointAt(0)!);
    out += value >= 0 ? String(value) : ch;
  }
  return out;
}

/**
 * A number as typed, in ASCII: digits converted, the Arabic decimal separator to '.', thousands
 * separators (Arabic ٬, ',' and spaces) dropped, the minus sign U+2212 to '-'.
 */
export function latinNumberText(text: string): string {
  return latinDigits(text)
    .replaceAll(ARABIC_DECIMAL_SEPARATOR, '.')
    .replace(/[\u066c,\s\u00a0\u202f]/g, '')
    .replaceAll('\u2212', '-');
}

const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The number a text holds (any script, see latinNumberText), or null when it holds anything else. */
export function parseNumberText(text: string): number | null {
  const plain = latinNumberText(text);
  if (!PLAIN_NUMBER.test(plain)) return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

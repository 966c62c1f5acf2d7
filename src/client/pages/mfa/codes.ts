// How codes are typed and shown: Arabic-Indic and Persian digits count as the digits they are
// (a Kurdish or Arabic keyboard types ٠-٩), a TOTP code is six digits, a secret reads in groups.

/** ٠١٢٣٤٥٦٧٨٩ and ۰۱۲۳۴۵۶۷۸۹ as 0-9; everything else as it is. */
export function asciiDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** What the six-digit field keeps of what was typed or pasted. */
export function totpInput(value: string): string {
  return asciiDigits(value).replace(/\D/g, '').slice(0, 6);
}

/** A recovery code as typed: ASCII digits, no spaces around. */
export function recoveryInput(value: string): string {
  return asciiDigits(value).replace(/\s+/g, '').slice(0, 20);
}

/** "JBSWY3DPEHPK3PXP" as "JBSW Y3DP EHPK 3PXP" (typed by hand into an authenticator app). */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

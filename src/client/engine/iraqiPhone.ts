// Iraqi numbers (the clinics' own, nearly every stored phone) written as libphonenumber-js writes
// them in national form, so a list of them needs no formatting library: its 'min' metadata for IQ
// (+964) reads a national number as valid when it matches IQ_NATIONAL, and groups it by its first
// digit: 1 -> 0d ddd dddd, 2-6 -> 0dd ddd ddd(d), 7 -> 0ddd ddd dddd. tests/unit/iraqi-phone.test.ts
// checks it against the library. Anything else is left to the library (null here).
const IQ_NATIONAL = /^(?:(?:1|7\d\d)\d{7}|[2-6]\d{7,8})$/;

export function formatIraqiPhone(value: string): string | null {
  const match = /^\+964(\d{8,10})$/.exec(value);
  const national = match?.[1];
  if (!national || !IQ_NATIONAL.test(national)) return null;
  const first = national[0] === '1' ? 1 : national[0] === '7' ? 3 : 2;
  return `0${national.slice(0, first)} ${national.slice(first, first + 3)} ${national.slice(first + 3)}`;
}

// PostgreSQL's timestamptz text read into a Date without pg's own parser on the common form: pg's
// (postgres-date) runs three unanchored regular expressions, several times slower than reading the
// digits at their places, and a page of today's appointments holds about 200 timestamps. The form
// PostgreSQL writes with DateStyle ISO, 'YYYY-MM-DD HH:MM:SS[.f{1,6}]+HH[:MM[:SS]]' with a year from
// 1000 to 9999, is read here; anything else (infinity, BC, other years) by `fallback`, the
// driver's own parser.

const ZERO = 48;

/** The number written by the `count` digits at `at`, or -1 if one is not a digit. */
function digits(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Milliseconds since the epoch of the ISO form, or null when `text` is not in it. */
function isoTime(text: string): number | null {
  if (text.length < 22 || text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 1000 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    // Milliseconds truncated, as the driver's parser does (a Date keeps no more).
    let scale = 100;
    at++;
    const start = at;
    while (at < text.length && at - start < 6) {
      const d = text.charCodeAt(at) - ZERO;
      if (d < 0 || d > 9) break;
      ms += d * scale;
      scale /= 10;
      at++;
    }
    if (at === start) return null;
    ms = Math.trunc(ms);
  }
  const sign = text[at] === '+' ? 1 : text[at] === '-' ? -1 : 0;
  if (!sign) return null;
  const parts = [digits(text, at + 1, 2), 0, 0];
  at += 3;
  for (let p = 1; p < 3 && at < text.length; p++, at += 3) {
    if (text[at] !== ':') return null;
    parts[p] = digits(text, at + 1, 2);
  }
  if (at !== text.length || parts.some((n) => n < 0)) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - sign * (parts[0] * 3600 + parts[1] * 60 + parts[2]) * 1000;
}

export function timestamptzParser(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => {
    const time = isoTime(text);
    return time === null ? fallback(text) : new Date(time);
  };
}

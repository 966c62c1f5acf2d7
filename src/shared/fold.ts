// Names as a desk types them. Kurdish names are typed on Arabic keyboards and Arabic names on Kurdish
// ones, so "هاوڕێ" arrives as "هاوري" and "عبدالله" as "عبد الله". Two keys make a name findable
// however it was typed:
// - the folded key: one letter for each set of look-alike letters (ي ی ى ێ; ك ک; ه ە ة ھ; ر ڕ; ل ڵ;
//   و ۆ ؤ; ا أ إ آ), no tatweel, diacritics, joiners or spaces, Latin lower-cased, every digit ASCII;
// - the loose key: the folded key without the vowel letters and carriers (ا و ي ه ئ ء), since
//   Kurdish writes vowels Arabic leaves out (ئەحمەد for احمد, عەبدوڵڵا for عبدالله).
// One table serves the browser (foldText, looseText) and the database: migration 056 makes its SQL
// functions fold_text and loose_text from FOLD_SQL, and tests/api/name-search.test.ts checks that
// both give the same keys. A change here needs a migration re-creating those functions.

/** Each group of letters read as one, to the letter that stands for them. */
const GROUPS: readonly (readonly [string, string])[] = [
  ['يیىێ', 'ي'],
  ['كک', 'ك'],
  ['هەةھۀہ', 'ه'],
  ['رڕ', 'ر'],
  ['لڵ', 'ل'],
  ['وۆؤ', 'و'],
  ['اأإآٱ', 'ا'],
  ['٠۰', '0'],
  ['١۱', '1'],
  ['٢۲', '2'],
  ['٣۳', '3'],
  ['٤۴', '4'],
  ['٥۵', '5'],
  ['٦۶', '6'],
  ['٧۷', '7'],
  ['٨۸', '8'],
  ['٩۹', '9'],
];

/** Marks that change nothing of a name: tatweel, harakat and the dagger alif, joiners and direction marks, spaces. */
const IGNORED =
  '\u0640' +
  Array.from({ length: 0x065f - 0x064b + 1 }, (_, i) => String.fromCharCode(0x064b + i)).join('') +
  '\u0670\u200b\u200c\u200d\u200e\u200f\u061c\u00a0 \t\n\r';

/** Letters the loose key leaves out (as the folded key writes them): vowels and their carriers. */
const VOWELS = 'اويهئء';

function table(from: string, to: string, drop: string): Map<string, string> {
  const map = new Map<string, string>();
  [...from].forEach((c, i) => map.set(c, to[i]));
  for (const c of drop) map.set(c, '');
  return map;
}

const FROM = GROUPS.map(([letters]) => letters).join('');
const TO = GROUPS.map(([letters, one]) => one.repeat([...letters].length)).join('');
const FOLD = table(FROM, TO, IGNORED);
const LOOSE = new Map([...VOWELS].map((c) => [c, '']));

/**
 * What the database needs to make the same keys with translate(lower(text), from, to): letters of
 * `from` past the length of `to` are dropped.
 */
export const FOLD_SQL = { from: FROM + IGNORED, to: TO, looseFrom: VOWELS } as const;

function mapped(text: string, map: Map<string, string>): string {
  let out = '';
  for (const c of text) out += map.get(c) ?? c;
  return out;
}

/** The folded key of a name (see above): `foldText('عبد الله') === foldText('عبدالله')`. */
export function foldText(text: string): string {
  return mapped(text.toLowerCase(), FOLD);
}

/** The loose key: the folded key without vowels, `looseText('ئەحمەد') === looseText('احمد')`. */
export function looseText(text: string): string {
  return mapped(foldText(text), LOOSE);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function pattern(q: string, key: (word: string) => string): string {
  const words = q.split(/\s+/).map(key).filter(Boolean);
  return words.length ? `%${words.map(escapeLike).join('%')}%` : '%';
}

/**
 * The LIKE pattern matching the folded keys of names holding the words of `q` in that order
 * ("عبد الله" finds "عبدالله" and the other way round).
 */
export function foldedPattern(q: string): string {
  return pattern(q, foldText);
}

/** Fewer letters than this left in a loose query would find nearly everybody. */
const LOOSE_MIN = 3;

/**
 * The LIKE pattern on the loose keys, or null when `q` keeps under three letters without its
 * vowels or is not written in the Arabic script (Latin names have no loose key of their own).
 */
export function loosePattern(q: string): string | null {
  if (!/[\u0600-\u06ff]/.test(q)) return null;
  const kept = q.split(/\s+/).map(looseText).join('');
  return [...kept].length >= LOOSE_MIN ? pattern(q, looseText) : null;
}

/** Whether a name matches what was typed, in the browser as the server's search does: 0 folded, 1 loose, -1 not at all. */
export function nameMatch(name: string, q: string): 0 | 1 | -1 {
  return nameMatcher(q)(name);
}

/** nameMatch with the query's patterns made once, for a scan of many names (the device's search). */
export function nameMatcher(q: string): (name: string) => 0 | 1 | -1 {
  const like = (p: string) => new RegExp(`^${p.split('%').map((part) => part.replace(/\\([\\%_])/g, '$1').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
  const folded = like(foldedPattern(q));
  const loosePat = loosePattern(q);
  const loose = loosePat === null ? null : like(loosePat);
  return (name) => (folded.test(foldText(name)) ? 0 : loose?.test(looseText(name)) ? 1 : -1);
}

// Names compared the way people type them (issue 36's offline search). Arabic-script letters that
// keyboards give in several forms (Arabic and Persian yeh and kaf, alef with hamza, teh marbuta),
// harakat and tatweel, and case are folded. The one call site of the search: to be replaced by
// the shared folding of issue 32 (src/shared/fold.ts) once it is on main, so the desk's offline
// search and the server's agree.
import { latinDigits } from '../../shared/digits';

const LETTERS: Record<string, string> = { 'ي': 'ی', 'ى': 'ی', 'ك': 'ک', 'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ة': 'ه', 'ۀ': 'ه', 'ؤ': 'و', 'ئ': 'ی' };
const MARKS = /[\u064b-\u065f\u0670\u0640\u200c\u200d]/g;

export function foldName(text: string): string {
  return latinDigits(text)
    .normalize('NFC')
    .replace(MARKS, '')
    .replace(/[يىكأإآٱةۀؤئ]/g, (c) => LETTERS[c] ?? c)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

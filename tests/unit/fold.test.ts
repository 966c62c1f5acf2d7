// Names typed with either keyboard (issue 32): the folded key makes look-alike letters one, the
// loose key also leaves out vowels, and the patterns find a name by its words in order.
import { describe, expect, it } from 'vitest';
import { foldText, foldedPattern, looseText, loosePattern, nameMatch } from '../../src/shared/fold';

describe('the folded key', () => {
  const same: [string, string][] = [
    ['هاوڕێ', 'هاوري'], // ڕ for ر, ێ for ي
    ['هاوڕێ', 'هاورێ'],
    ['هاوڕێ', 'هاوڕي'],
    ['کەریم', 'كريم'.replace('ر', 'ەر')], // ک and ك
    ['کوردی', 'كوردى'], // ی and ى
    ['فاطمة', 'فاطمە'], // ة and ە
    ['فاطمة', 'فاطمه'],
    ['هەولێر', 'ھەولێر'], // ھ and ه
    ['خەلیل', 'خەڵیل'], // ڵ and ل
    ['کۆمار', 'کومار'], // ۆ and و
    ['مؤمن', 'مومن'], // ؤ and و
    ['أحمد', 'احمد'],
    ['إبراهيم', 'ابراهيم'],
    ['آمنة', 'امنه'],
    ['عبدالله', 'عبد الله'], // spaces
    ['محمّد', 'محمد'], // shadda
    ['مُحَمَّد', 'محمد'], // harakat
    ['محـــمد', 'محمد'], // tatweel
    ['ئەحمەد\u200c', 'ئەحمەد'], // zero-width non-joiner
    ['Ali Hassan', 'alihassan'],
    ['٠٧٥٠', '0750'],
    ['۰۷۵۰', '0750'],
  ];
  it.each(same)('%s = %s', (a, b) => expect(foldText(a)).toBe(foldText(b)));

  const different: [string, string][] = [
    ['احمد', 'محمد'],
    ['ئەحمەد', 'احمد'], // only the loose key makes these one
    ['رزگار', 'زرگار'],
  ];
  it.each(different)('%s ≠ %s', (a, b) => expect(foldText(a)).not.toBe(foldText(b)));
});

describe('the loose key', () => {
  const same: [string, string][] = [
    ['ئەحمەد', 'احمد'],
    ['عەبدوڵڵا', 'عبدالله'],
    ['هاوڕێ عەبدوڵڵا ئەحمەد', 'هاوري عبدالله احمد'],
    ['یوسف', 'يوسف'],
  ];
  it.each(same)('%s ≈ %s', (a, b) => expect(looseText(a)).toBe(looseText(b)));
});

describe('finding a name by what was typed', () => {
  const name = 'هاوڕێ عەبدوڵڵا ئەحمەد';
  const cases: [string, string, 0 | 1 | -1][] = [
    [name, 'هاوڕێ', 0],
    [name, 'هاوڕي', 0],
    [name, 'هاورێ', 0],
    [name, 'هاوری عەبدوڵڵا', 0],
    [name, 'عبدالله', 1],
    [name, 'احمد', 1],
    [name, 'هاوری عبدالله', 1],
    [name, 'ئەحمەد هاوڕێ', -1], // words in another order
    [name, 'کریم', -1],
    [name, 'اه', -1], // too short once its vowels are gone
    ['Sara Ahmed', 'ahmed', 0],
    ['Sara Ahmed', 'sara ahm', 0],
    ['عبد الله کریم', 'عبدالله', 0],
  ];
  it.each(cases)('%s by %s: %s', (n, q, expected) => expect(nameMatch(n, q)).toBe(expected));

  it('escapes what LIKE reads as wildcards and gives no loose pattern for Latin or short text', () => {
    expect(foldedPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(loosePattern('ahmed')).toBeNull();
    expect(loosePattern('او')).toBeNull();
    expect(loosePattern('احمد')).toBe('%حمد%');
  });
});

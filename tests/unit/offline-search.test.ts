// The offline search of the desk (src/client/offline/reader.ts): a patient is found as the server
// finds them, by name however the Arabic script was typed, by phone in any local form and any
// digits, and by file number.
import { describe, expect, it } from 'vitest';
import { matchesSearch } from '../../src/client/offline/reader';

const patient = { id: 7, name: 'كاوە علي', phone: '+9647501234567', file_number: 1042 };

describe('matchesSearch', () => {
  it('finds a Kurdish spelling by its Arabic letters, loosely as the server does', () => {
    const hawre = { id: 8, name: 'هاوڕێ عەبدوڵڵا ئەحمەد', phone: null, file_number: 9 };
    for (const q of ['عبدالله', 'هاوڕي', 'هاورێ', 'احمد']) expect(matchesSearch(hawre, q), q).toBe(true);
    expect(matchesSearch(hawre, 'کریم')).toBe(false);
  });

  it.each([
    ['کاوە', true, 'the name in Kurdish letters (Persian kaf) for an Arabic kaf'],
    ['علی', true, 'Persian yeh for Arabic yeh'],
    ['KAWA', false, 'another script'],
    ['٠٧٥٠١٢٣٤٥٦٧', true, 'the phone in Arabic-Indic digits, local form'],
    ['0750 123 4567', true, 'the phone grouped'],
    ['+964 750 123 4567', true, 'the phone international'],
    ['4567', true, 'the end of the phone'],
    ['٠٧٧٠١٢٣٤٥٦٧', false, 'another phone'],
    ['1042', true, 'the file number'],
    ['#١٠٤٢', true, 'the file number in Arabic-Indic digits, with a hash'],
    ['1043', false, 'another file number'],
    ['کاوه علی', true, 'the whole name, ە typed as ه'],
  ])('%j: %s (%s)', (q, found) => {
    expect(matchesSearch(patient, q)).toBe(found);
  });
});

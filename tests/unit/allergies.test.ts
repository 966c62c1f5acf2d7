import { describe, expect, it } from 'vitest';
import { matchesAllergy } from '../../src/shared/allergies';

describe('a drug matching an allergy', () => {
  const cases: [string, string | null, string, boolean][] = [
    ['Amoxil 500', 'Amoxicillin (a penicillin)', 'Penicillin', true],
    ['Amoxicillin 500 mg', null, 'amoxicillin', true],
    ['Augmentin', 'Amoxicillin', 'Amoxicillin and clavulanate', true],
    ['Panadol', 'Paracetamol', 'Penicillin', false],
    ['Brufen', 'Ibuprofen', '  IBUPROFEN ', true],
    ['Any drug', null, 'a', false],
    ['ئەسپرین', 'Aspirin', 'ئەسپرین', true],
  ];
  it.each(cases)('%s (%s) against %s: %s', (name, scientific, substance, expected) => {
    expect(matchesAllergy({ name, scientific_name: scientific }, substance)).toBe(expected);
  });
});

// A lab result against its test's reference range (src/shared/labRanges.ts): the band for the
// patient's sex and age, the flag at and past the ends, values typed in Arabic-Indic digits, and a
// text result against its test's normal answers.
import { describe, expect, it } from 'vitest';
import { type TestRange, ageInYears, labFlag, normalAnswers, rangeFor, rangeText, textFlag } from '../../src/shared/labRanges';

const MALE = 0;
const FEMALE = 1;

// Haemoglobin as the demo catalog has it: a child band first, then by sex, else the general range.
const haemoglobin: TestRange = {
  low: 12,
  high: 17.5,
  ranges: [
    { age_from: 1, age_to: 12, low: 11, high: 14.5 },
    { sex: MALE, low: 13.5, high: 17.5 },
    { sex: FEMALE, low: 12, high: 15.5 },
  ],
};
// HbA1c: an upper end only, as the numeric column reads it (text).
const hba1c: TestRange = { low: null, high: '5.6', ranges: [] };

describe('the range that applies to a patient', () => {
  it.each([
    ['a man', MALE, 40, { low: 13.5, high: 17.5 }],
    ['a woman', FEMALE, 40, { low: 12, high: 15.5 }],
    ['a boy of 12 (the band includes its last year)', MALE, 12, { low: 11, high: 14.5 }],
    ['a girl of 1 (the band includes its first year)', FEMALE, 1, { low: 11, high: 14.5 }],
    ['a boy of 13 (past the child band)', MALE, 13, { low: 13.5, high: 17.5 }],
    ['a baby under one (no band fits by age: by sex)', FEMALE, 0, { low: 12, high: 15.5 }],
    ['a patient of unknown sex and age (the general range)', null, null, { low: 12, high: 17.5 }],
    ['a patient of unknown age, known sex (an age band never fits)', MALE, null, { low: 13.5, high: 17.5 }],
  ])('%s', (_, sex, age, expected) => {
    expect(rangeFor(haemoglobin, sex, age)).toEqual(expected);
  });

  it('reads the ends as numbers from text', () => {
    expect(rangeFor(hba1c, FEMALE, 50)).toEqual({ low: null, high: 5.6 });
  });
});

describe('flagging a value', () => {
  const woman = rangeFor(haemoglobin, FEMALE, 30);
  it.each([
    ['below the low end', 11.9, 'low'],
    ['at the low end (normal)', 12, null],
    ['inside', 13.2, null],
    ['at the high end (normal)', 15.5, null],
    ['above the high end', 15.6, 'high'],
    ['Arabic-Indic digits with the Arabic decimal separator', '١١٫٥', 'low'],
    ['Persian digits', '۱۶', 'high'],
    ['Arabic-Indic digits inside the range', '١٣٫٢', null],
    ['no value', null, null],
    ['an empty text', '', null],
    ['a text that is no number', 'n/a', null],
  ])('%s', (_, value, flag) => {
    expect(labFlag(value, woman)).toBe(flag);
  });

  it('with one end only, the other side is never flagged', () => {
    const range = rangeFor(hba1c, MALE, 60);
    expect(labFlag(0.1, range)).toBeNull();
    expect(labFlag('٥٫٧', range)).toBe('high');
  });
});

describe('ages and printed ranges', () => {
  it.each([
    ['2000-06-15', '2026-06-14', 25],
    ['2000-06-15', '2026-06-15', 26],
    ['2014-02-28', '2026-03-01', 12],
    [null, '2026-01-01', null],
  ])('born %s, on %s: %s', (born, on, age) => {
    expect(ageInYears(born, on)).toBe(age);
  });

  it.each([
    [{ low: 70, high: 100 }, '70–100'],
    [{ low: null, high: 5.6 }, '≤ 5.6'],
    [{ low: 40, high: null }, '≥ 40'],
    [{ low: null, high: null }, ''],
  ])('%o prints as %s', (range, text) => {
    expect(rangeText(range)).toBe(text);
  });
});

describe('a text result against its normal answers', () => {
  it.each([
    ['negative', ['Negative'], null],
    ['  NEGATIVE ', ['Negative'], null],
    ['no   growth', ['No growth'], null],
    ['Positive', ['Negative'], 'abnormal'],
    ['Weakly positive', ['Negative', 'Not detected'], 'abnormal'],
    ['Not detected', ['Negative', 'Not detected'], null],
    ['A Rh+', [], null],
    ['', ['Negative'], null],
    [null, ['Negative'], null],
  ])('%o with normal answers %o: %s', (answer, normal, flag) => {
    expect(textFlag(answer, normal)).toBe(flag);
  });

  it.each([
    [[{ text: 'Negative' }, { text: ' No growth ' }], ['Negative', 'No growth']],
    [[{ text: '' }, null, { other: 1 }], []],
    [null, []],
    ['Negative', []],
  ])('the catalog row %o reads as %o', (stored, answers) => {
    expect(normalAnswers(stored)).toEqual(answers);
  });
});

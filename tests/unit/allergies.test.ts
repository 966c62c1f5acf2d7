// The allergy check (issue 32) over a table of allergy × drug: brand names, combinations, classes
// named in three languages, the class of a named ingredient, cross-reactions as cautions.
import { describe, expect, it } from 'vitest';
import { type DrugFacts, allergyFindings, classesNamed, matchesAllergy } from '../../src/shared/allergies';
import { DRUG_CLASS as C, STARTER_INGREDIENTS } from '../../src/shared/drug-classes';

const known = STARTER_INGREDIENTS.map(([name, drug_class]) => ({ name, drug_class }));
const classOf = (name: string) => known.find((k) => k.name === name)!.drug_class;
const drug = (name: string, scientific_name: string | null, ...ingredients: string[]): DrugFacts => ({ name, scientific_name, ingredients: ingredients.map((i) => ({ name: i, drug_class: classOf(i) })) });

const AUGMENTIN = drug('Augmentin', 'Amoxicillin / Clavulanic acid', 'Amoxicillin', 'Clavulanic acid');
const AMOXIL = drug('Amoxil', null, 'Amoxicillin');
const ROCEPHIN = drug('Rocephin', null, 'Ceftriaxone');
const KEFLEX = drug('Keflex', null, 'Cefalexin');
const BRUFEN = drug('Brufen', null, 'Ibuprofen');
const VOLTAREN = drug('Voltaren', null, 'Diclofenac');
const ASPOCID = drug('Aspocid', null, 'Acetylsalicylic acid');
const SEPTRIN = drug('Septrin', 'Co-trimoxazole', 'Sulfamethoxazole', 'Trimethoprim');
const FERROUS = drug('Ferrous sulfate', 'Ferrous sulfate', 'Ferrous sulfate');
const ZITHROMAX = drug('Zithromax', null, 'Azithromycin');
const CIPROBAY = drug('Ciprobay', null, 'Ciprofloxacin');
const TRAMAL = drug('Tramal', null, 'Tramadol');
const CAPOTEN = drug('Capoten', null, 'Captopril');
const COZAAR = drug('Cozaar', null, 'Losartan');
const PANADOL = drug('Panadol', 'Paracetamol', 'Paracetamol');
const OMNIPAQUE = drug('Omnipaque', null, 'Iohexol');

type Case = [string, DrugFacts, 'allergy' | 'caution' | null];
const cases: Case[] = [
  // The class, named in each language.
  ['Penicillin', AUGMENTIN, 'allergy'],
  ['Penicillins', AMOXIL, 'allergy'],
  ['بنسلين', AUGMENTIN, 'allergy'],
  ['حساسية البنسلين', AMOXIL, 'allergy'],
  ['پەنسلین', AUGMENTIN, 'allergy'],
  ['NSAIDs', BRUFEN, 'allergy'],
  ['Sulfa drugs', SEPTRIN, 'allergy'],
  ['Macrolides', ZITHROMAX, 'allergy'],
  ['Quinolones', CIPROBAY, 'allergy'],
  ['Opioids', TRAMAL, 'allergy'],
  ['ACE inhibitors', CAPOTEN, 'allergy'],
  ['Iodinated contrast', OMNIPAQUE, 'allergy'],
  // An ingredient, and the class it belongs to.
  ['Amoxicillin', AUGMENTIN, 'allergy'],
  ['Clavulanic acid', AUGMENTIN, 'allergy'],
  ['Ampicillin', AMOXIL, 'allergy'],
  ['Sulfamethoxazole', SEPTRIN, 'allergy'],
  ['Ibuprofen', VOLTAREN, 'allergy'],
  // The drug by its brand name, in any case.
  ['augmentin', AUGMENTIN, 'allergy'],
  ['  BRUFEN ', BRUFEN, 'allergy'],
  // Known cross-reactions: a caution.
  ['Penicillin', ROCEPHIN, 'caution'],
  ['Amoxicillin', KEFLEX, 'caution'],
  ['Cephalosporins', AMOXIL, 'caution'],
  ['Aspirin', BRUFEN, 'caution'],
  ['ئەسپرین', VOLTAREN, 'caution'],
  ['Ibuprofen', ASPOCID, 'caution'],
  ['Captopril', COZAAR, 'caution'],
  // Nothing in common.
  ['Penicillin', PANADOL, null],
  ['Penicillin', ZITHROMAX, null],
  ['Sulfa', FERROUS, null],
  ['Latex', AUGMENTIN, null],
  ['Aspirin', PANADOL, null],
  ['a', AUGMENTIN, null],
  ['Ciprofloxacin', TRAMAL, null],
];

describe('a drug against an allergy', () => {
  it.each(cases.map(([s, d, l]) => [s, d.name, d, l] as const))('%s × %s', (substance, _name, d, level) => {
    const found = allergyFindings(d, [{ substance, severity: 3 }], known);
    expect(found.map((f) => f.level)).toEqual(level ? [level] : []);
    if (level) expect(found[0]).toMatchObject({ substance, severity: 3 });
  });

  it('gives one finding per allergy, each with what matched', () => {
    const found = allergyFindings(AUGMENTIN, [{ substance: 'Penicillin', severity: 3 }, { substance: 'Latex', severity: 0 }, { substance: 'Clavulanic acid', severity: 1 }], known);
    expect(found).toEqual([
      { substance: 'Penicillin', severity: 3, level: 'allergy', via: { name: 'Amoxicillin', drug_class: C.penicillins } },
      { substance: 'Clavulanic acid', severity: 1, level: 'allergy', via: { name: 'Clavulanic acid', drug_class: null } },
    ]);
  });
});

describe('a drug matching an allergy by name', () => {
  const byName: [string, string | null, string, boolean][] = [
    ['Amoxil 500', 'Amoxicillin (a penicillin)', 'Penicillin', true],
    ['Amoxicillin 500 mg', null, 'amoxicillin', true],
    ['Augmentin', 'Amoxicillin', 'Amoxicillin and clavulanate', true],
    ['Panadol', 'Paracetamol', 'Penicillin', false],
    ['Brufen', 'Ibuprofen', '  IBUPROFEN ', true],
    ['Any drug', null, 'a', false],
    ['ئەسپرین', 'Aspirin', 'ئەسپرین', true],
    ['Ferrous sulfate', null, 'Sulfa', false],
  ];
  it.each(byName)('%s (%s) against %s: %s', (name, scientific, substance, expected) => {
    expect(matchesAllergy({ name, scientific_name: scientific }, substance)).toBe(expected);
  });

  it('reads a class in the words of each language', () => {
    expect([...classesNamed('حساسية من البنسلين')]).toEqual([C.penicillins]);
    expect([...classesNamed('carbapenem')]).toEqual([C.carbapenems]);
    expect([...classesNamed('Latex')]).toEqual([]);
  });
});

describe('a drug whose ingredients were never named', () => {
  it('is read for the catalog ingredients its names name', () => {
    const old = { name: 'Amoxil 500', scientific_name: 'Amoxicillin trihydrate', ingredients: [] };
    expect(allergyFindings(old, [{ substance: 'Penicillin', severity: 2 }], known).map((f) => [f.level, f.via.name])).toEqual([['allergy', 'Amoxicillin']]);
    expect(allergyFindings({ name: 'Rocephin', scientific_name: 'Ceftriaxone sodium', ingredients: [] }, [{ substance: 'Penicillin', severity: 2 }], known).map((f) => f.level)).toEqual(['caution']);
    expect(allergyFindings({ name: 'Vitamin C', scientific_name: null, ingredients: [] }, [{ substance: 'Penicillin', severity: 2 }], known)).toEqual([]);
  });
});

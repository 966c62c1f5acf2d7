// Whether a drug is unsafe for a patient's allergies, by what the drug is named and what it
// contains (issue 32). An allergy as recorded names a drug ("Augmentin"), an ingredient
// ("Amoxicillin") or a class ("Penicillin", "بنسلين"). A drug is refused for it when its name or
// one of its ingredients is named, or one of its ingredients is of a class the allergy names or of
// the class of the ingredient it names (allergic to amoxicillin: every penicillin); a drug of a
// class known to cross-react with those is a caution (penicillin, then a cephalosporin). The
// server checks a prescription with this (src/server/modules/allergy-check.ts), and the visit
// form asks the same check when a drug is picked.
import { CLASS_WORDS, CROSS_REACTIONS, type DrugClass } from './drug-classes';
import { foldText } from './fold';

export interface IngredientFacts {
  name: string;
  drug_class: number | null;
}

export interface DrugFacts {
  name: string;
  scientific_name: string | null;
  ingredients: readonly IngredientFacts[];
}

export interface AllergyFacts {
  substance: string;
  severity: number;
}

export interface AllergyFinding {
  /** The allergy as recorded. */
  substance: string;
  severity: number;
  /** 'allergy': the drug is or contains what the patient reacts to; 'caution': a class known to cross-react. */
  level: 'allergy' | 'caution';
  /** What in the drug matched: its name, an ingredient's name, or the class (`drug_class`) of an ingredient. */
  via: { name: string; drug_class: number | null };
}

/** A text under three letters matches nothing (a stray "a" would match every drug). */
const SHORTEST = 3;

/** Whether `inner`'s words stand, in order, among `outer`'s. */
function within(outer: readonly string[], inner: readonly string[]): boolean {
  if (!inner.length || inner.join('').length < SHORTEST) return false;
  for (let i = 0; i + inner.length <= outer.length; i++) if (inner.every((w, k) => outer[i + k] === w)) return true;
  return false;
}

/**
 * Either text names the other as whole words, folded ("Amoxicillin 500 mg" and "amoxicillin"):
 * whole words, so a "Sulfa" allergy is not "Ferrous sulfate".
 */
function names(a: string, b: string): boolean {
  const x = words(a);
  const y = words(b);
  return within(x, y) || within(y, x);
}

/** Whether a drug matches an allergy by name: the substance named within the drug's name or scientific name, or the other way. */
export function matchesAllergy(drug: { name: string; scientific_name: string | null }, substance: string): boolean {
  return [drug.name, drug.scientific_name].some((text) => !!text && names(text, substance));
}

/** A text's words, folded, without the Arabic article "ال" or a Latin plural "s", for naming a class. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}\u0640\u200c\u200d]+/u)
    .map((w) => foldText(w))
    .filter(Boolean)
    .map((w) => (w.startsWith('ال') && w.length > 4 ? w.slice(2) : w))
    .map((w) => (/^[a-z]+s$/.test(w) && w.length > 4 ? w.slice(0, -1) : w));
}

const CLASS_TERMS: [DrugClass, string[]][] = Object.entries(CLASS_WORDS).flatMap(([cls, list]) => list.map((term) => [Number(cls) as DrugClass, words(term)] as [DrugClass, string[]]));

/** The classes an allergy's text names, as whole words in order ("Penicillin allergy", "حساسية البنسلين"). */
export function classesNamed(substance: string): Set<DrugClass> {
  const said = words(substance);
  return new Set(CLASS_TERMS.filter(([, term]) => within(said, term)).map(([cls]) => cls));
}

/**
 * What is unsafe in a drug for these allergies: one finding per allergy, the strongest (an
 * allergy before a caution). `known` is the clinic's ingredient catalog, which gives the class of
 * an allergy that names an ingredient the drug itself does not contain.
 */
export function allergyFindings(given: DrugFacts, allergies: readonly AllergyFacts[], known: readonly IngredientFacts[] = []): AllergyFinding[] {
  // A drug whose ingredients were never named (one added before they could be) still has the
  // catalog's ingredients its name or scientific name names ("Amoxicillin 500 mg").
  const named = given.ingredients.length ? [] : known.filter((i) => [given.name, given.scientific_name].some((text) => !!text && within(words(text), words(i.name))));
  const drug = { ...given, ingredients: [...given.ingredients, ...named] };
  const findings: AllergyFinding[] = [];
  for (const allergy of allergies) {
    const found = (level: AllergyFinding['level'], via: AllergyFinding['via']) => findings.push({ substance: allergy.substance, severity: allergy.severity, level, via });
    // By name: one of its ingredients, or the drug itself.
    const ingredient = drug.ingredients.find((i) => names(i.name, allergy.substance));
    if (ingredient) {
      found('allergy', { name: ingredient.name, drug_class: ingredient.drug_class });
      continue;
    }
    if (matchesAllergy(drug, allergy.substance)) {
      found('allergy', { name: drug.name, drug_class: null });
      continue;
    }
    // By class: named in the allergy, or the class of the ingredient it names.
    const classes = classesNamed(allergy.substance);
    for (const i of known) if (i.drug_class !== null && names(i.name, allergy.substance)) classes.add(i.drug_class as DrugClass);
    const same = drug.ingredients.find((i) => i.drug_class !== null && classes.has(i.drug_class as DrugClass));
    if (same) {
      found('allergy', { name: same.name, drug_class: same.drug_class });
      continue;
    }
    const crossing = drug.ingredients.find((i) => i.drug_class !== null && [...classes].some((c) => CROSS_REACTIONS[c]?.includes(i.drug_class as DrugClass)));
    if (crossing) found('caution', { name: crossing.name, drug_class: crossing.drug_class });
  }
  return findings;
}

/** The message of a finding (validation.*): the drug itself named, an ingredient it contains, or a caution. */
export function findingMessage(drug: string, finding: AllergyFinding): string {
  if (finding.level === 'caution') return 'validation.allergyCaution';
  return finding.via.name === drug ? 'validation.allergyNamed' : 'validation.allergyMatch';
}

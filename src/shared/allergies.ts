// Whether a drug matches an allergy, as the server checks a prescription (the visit hook): the
// substance named within the drug's name or active ingredient, or the other way ("Amoxicillin"
// recorded as the allergy matches "Amoxicillin 500 mg"). Letters' case is ignored; a text under
// three letters matches nothing (a stray "a" would match every drug).
export function matchesAllergy(drug: { name: string; scientific_name: string | null }, substance: string): boolean {
  const allergen = substance.trim().toLocaleLowerCase();
  if (allergen.length < 3) return false;
  return [drug.name, drug.scientific_name].some((text) => {
    const named = (text ?? '').trim().toLocaleLowerCase();
    return named.length >= 3 && (named.includes(allergen) || allergen.includes(named));
  });
}

// The translation keys a declaration asks of every language (issue 38): its title, each field's
// label (its own or the shared `fields.<name>`), its enumerations' values, the texts its row and
// record actions, quick filters, choices and two-valued booleans name. `npm run labels` prints the
// ones a locale lacks; tests/unit/locales.test.ts holds every language to them.
import { ENUMS } from './enums';
import { type ResourceDef, allFields } from './resource';

/** One label: any of `keys` will do (a field's own label, or the label every resource shares). */
export interface LabelNeed {
  keys: readonly string[];
}

export function labelNeeds(def: ResourceDef): LabelNeed[] {
  const needs: LabelNeed[] = [{ keys: [`resources.${def.name}.title`] }];
  const one = (key: string) => needs.push({ keys: [key] });
  for (const [name, field] of Object.entries(allFields(def))) {
    needs.push({ keys: [`resources.${def.name}.fields.${name}`, `fields.${name}`] });
    const enumeration = field.enum as keyof typeof ENUMS | undefined;
    if (enumeration) for (const value of ENUMS[enumeration] ?? []) one(`enums.${enumeration}.${value}`);
    if (field.labels && field.type === 'boolean') for (const value of ['true', 'false']) one(field.labels.replace('{}', value));
    else if (field.labels) for (const value of field.choices ?? []) one(field.labels.replace('{}', value));
  }
  for (const action of [...(def.rowActions ?? []), ...(def.recordActions ?? [])]) {
    for (const key of [action.label, action.confirm, action.done]) one(key);
    if ('many' in action && action.many) for (const key of [action.many.confirm, action.many.done]) one(key);
  }
  for (const quick of def.quickFilters ?? []) one(quick.label);
  return needs;
}

/** The needs `has` answers none of, by their first key (the resource's own). */
export function missingLabels(def: ResourceDef, has: (key: string) => boolean): string[] {
  const missing = labelNeeds(def).filter((need) => !need.keys.some(has)).map((need) => need.keys[0]);
  return [...new Set(missing)];
}

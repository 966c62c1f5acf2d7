// The declaration's comparisons between fields (ResourceDef.checks), on the record as it will be:
// what was sent over what is stored (an update) or the declared defaults (a create). The database's
// CHECK holds the same rule; this answers first, on the field, naming the other one.
import { brokenComparisons, comparisonMessage } from '../../../shared/checks';
import { type FieldErrors, invalid } from '../../http/errors';
import type { WriteContext } from './rule';

export function comparisons({ def, input, existing }: WriteContext): void {
  if (!def.checks?.length) return;
  const defaults = Object.fromEntries(Object.entries(def.fields).filter(([, f]) => f.default !== undefined).map(([n, f]) => [n, f.default]));
  const record = { ...(existing ?? defaults), ...input };
  const errors: FieldErrors = {};
  for (const check of brokenComparisons(def, record)) {
    const { key, other } = comparisonMessage(def, check);
    (errors[check.field] ??= []).push({ key, vars: { other }, labels: { resource: def.name, vars: ['other'] } });
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

// FieldDef.final: the field keeps the value it was created with. On an update, before anything else
// is judged: a final field is not for changing, whatever the value.
import { invalid } from '../../http/errors';
import { changesStored } from './stored';
import type { WriteContext } from './rule';

export function finalFields({ def, input, existing }: WriteContext): void {
  if (!existing) return;
  const changed = Object.entries(def.fields).filter(([name, field]) => field.final && name in input && changesStored(field, existing[name], input[name]));
  if (changed.length) throw invalid(Object.fromEntries(changed.map(([name]) => [name, [{ key: 'validation.final' }]])));
}

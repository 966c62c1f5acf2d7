// A field declared `assignable` (a staff member's role) takes only the values this caller may give
// (shared/roles.ts assignableRoles, the list the form offers): on a create, and on an update that
// changes it. Judged after the before-hooks, which may set it.
import { assignableRoles } from '../../../shared/roles';
import { invalid } from '../../http/errors';
import type { WriteContext } from './rule';

export function assignable({ def, caller, input, existing }: WriteContext): void {
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.assignable || input[name] === undefined || (existing && Number(existing[name]) === Number(input[name]))) continue;
    if (!assignableRoles(caller).includes(Number(input[name]))) throw invalid({ [name]: [{ key: 'errors.roleNotAssignable' }] });
  }
}

import { resourceByName } from '../../../resources';
import type { Action, FieldDef, ResourceDef } from '../../shared/resource';
import { callerOf, useSession } from '../providers/session';
import { resourceRule } from './nav';
import { allows } from './rules';

/** Synchronous access answer for the current session (no request). */
export function useCanDo(def: ResourceDef, action: Action): boolean {
  const session = useSession();
  return allows(callerOf(session), resourceRule(def, action));
}

/**
 * Whether the caller may read a relation field's target: a list shows a relation column or filter
 * only then (a secretary sees appointments, not the staff records their doctor points at).
 */
export function useRelationReadable(): (field: FieldDef) => boolean {
  const caller = callerOf(useSession());
  return (field) => field.type !== 'relation' || !field.relation || allows(caller, resourceRule(resourceByName(field.relation.resource), 'read'));
}

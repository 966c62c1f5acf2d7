import type { Action, ResourceDef } from '../../shared/resource';
import { callerOf, useSession } from '../providers/session';
import { resourceRule } from './nav';
import { allows } from './rules';

/** Synchronous access answer for the current session (no request). */
export function useCanDo(def: ResourceDef, action: Action): boolean {
  const session = useSession();
  return allows(callerOf(session), resourceRule(def, action));
}

// Guard rules: one small vocabulary answered from the in-memory session and the shared matrix
// (src/shared/access.ts, src/shared/roles.ts). No request is made per check.
import { type Caller, can, hasPermission } from '../../shared/access';
import { moduleOn } from '../../shared/modules';
import type { Action } from '../../shared/resource';
import { CENTRAL_SCREENS, TENANT_ROLE } from '../../shared/roles';
import { resources } from '../../../resources';

export type Rule =
  | { kind: 'auth' }
  | { kind: 'central'; screen: string }
  | { kind: 'permission'; table: string; action: Action }
  | { kind: 'mainDoctor' }
  | { kind: 'resource'; name: string; action: Action }
  | { kind: 'all'; rules: Rule[] };

export const AUTH: Rule = { kind: 'auth' };

export function allows(caller: Caller, rule: Rule): boolean {
  if (!caller) return false;
  switch (rule.kind) {
    case 'auth':
      return true;
    case 'central':
      return caller.scope === 'central' && (CENTRAL_SCREENS[rule.screen]?.roles.includes(caller.role) ?? false);
    case 'permission':
      return hasPermission(caller, rule.table, rule.action);
    case 'mainDoctor':
      return caller.scope === 'tenant' && caller.role === TENANT_ROLE.mainDoctor;
    case 'resource': {
      const def = resources.find((r) => r.name === rule.name);
      return !!def && can(caller, def, rule.action);
    }
    case 'all':
      return rule.rules.every((r) => allows(caller, r));
  }
}

/** Whether the rule names a resource of a module the caller's clinic does not have (its pages do not exist there). */
export function moduleOff(caller: Caller, rule: Rule): boolean {
  if (caller?.scope !== 'tenant') return false;
  if (rule.kind === 'all') return rule.rules.some((r) => moduleOff(caller, r));
  if (rule.kind !== 'resource') return false;
  return !moduleOn(resources.find((r) => r.name === rule.name)?.module, caller.modules);
}

/** Refine action names to the API's actions. */
export function toAction(action: string): Action | null {
  switch (action) {
    case 'list':
    case 'show':
    case 'read':
    case 'export':
      return 'read';
    case 'create':
    case 'clone':
    case 'import':
      return 'create';
    case 'edit':
    case 'update':
      return 'update';
    case 'delete':
      return 'delete';
    default:
      return null;
  }
}

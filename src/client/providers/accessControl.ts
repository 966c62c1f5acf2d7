// Refine access control: answered from the in-memory session and the shared matrix, never by a
// request. Registry resources use their declaration; client screens their guard rule.
import type { AccessControlProvider } from '@refinedev/core';
import type { Caller } from '../../shared/access';
import { resources } from '../../../resources';
import { appScope } from '../host';
import { resourceRule } from '../engine/nav';
import { allows, toAction } from '../engine/rules';
import { screensOf } from '../engine/screens';
import { type Session, callerOf, getSession } from './session';

export function canAccess(caller: Caller, resource: string | undefined, action: string): boolean {
  if (!caller) return false;
  if (!resource) return true;
  const def = resources.find((r) => r.name === resource);
  if (def) {
    const mapped = toAction(action);
    return !!mapped && allows(caller, resourceRule(def, mapped));
  }
  const screen = screensOf(caller.scope).find((s) => s.key === resource);
  if (screen) return allows(caller, screen.rule);
  return true;
}

/** What the signed-in user of `session` may do here: the provider's answer, given at once. */
export function sessionCan(resource: string | undefined, action: string, session: Session = getSession()): boolean {
  const caller = callerOf(session);
  return canAccess(caller && caller.scope === appScope() ? caller : null, resource, action);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => ({ can: sessionCan(resource, action) }),
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

// The resource registry: every entity the product knows, declared once.
import type { ResourceDef, Scope } from '../src/shared/resource';
import drugs from './drugs';
import patients from './patients';
import plans from './plans';
import tenants from './tenants';
import tenantUsers from './tenantUsers';
import users from './users';

export const resources: readonly ResourceDef[] = [tenants, plans, users, patients, drugs, tenantUsers];

/** Permission table names that are not a single resource (screens made of several). */
export const EXTRA_PERMISSION_TABLES: readonly string[] = ['accounting'];

export function resourceByName(name: string): ResourceDef {
  const def = resources.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}

export function resourcesOf(scope: Scope): ResourceDef[] {
  return resources.filter((r) => r.scope === scope);
}

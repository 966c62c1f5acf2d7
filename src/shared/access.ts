// The access matrix, answered the same way by the server's checks and the client's guards.
import { type Action, type ResourceDef, permissionTable, resourceActions } from './resource';
import { moduleOn } from './modules';
import { TENANT_ROLE } from './roles';

export interface Permission {
  id: number;
  name: string;
  table_name: string;
}

export type Caller =
  | { scope: 'central'; role: number }
  | {
      scope: 'tenant';
      role: number;
      permissions: readonly Pick<Permission, 'name' | 'table_name'>[];
      /** The clinic's optional modules switched on (src/shared/modules.ts). */
      modules?: readonly string[];
    }
  | null;

export function hasPermission(caller: Caller, tableName: string, action: string): boolean {
  if (!caller || caller.scope !== 'tenant') return false;
  if (caller.role === TENANT_ROLE.mainDoctor) return true;
  return caller.permissions.some((p) => p.table_name === tableName && p.name === action);
}

export function can(caller: Caller, def: ResourceDef, action: Action): boolean {
  if (!caller || caller.scope !== def.scope) return false;
  if (!resourceActions(def).includes(action)) return false;
  if (caller.scope === 'central') return def.access?.[action].includes(caller.role) ?? false;
  if (!moduleOn(def.module, caller.modules)) return false;
  if (def.mainDoctorOnly) return caller.role === TENANT_ROLE.mainDoctor;
  if (def.anyStaff || (def.anyStaffReads && action === 'read')) return true;
  return hasPermission(caller, permissionTable(def), action);
}

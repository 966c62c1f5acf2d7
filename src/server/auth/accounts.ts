// Staff accounts of both applications behind one interface: central staff live in `users`,
// clinic staff in `tenant_users` (always reached with their clinic's id).
import type { Kysely } from 'kysely';
import type { Permission } from '../../shared/access';
import { MODULES, moduleColumn, modulesOf } from '../../shared/modules';
import type { Database } from '../db/schema';
import { loadConfig } from '../config';

/** The platform's time zone (TIME_ZONE): the screens show stored times in it, not the device's. */
const TIME_ZONE = loadConfig().timeZone;

export type AccountScope = 'central' | 'tenant';

export interface Account {
  id: number;
  name: string;
  username: string;
  email: string | null;
  phone: string | null;
  role: number;
  is_active: boolean;
}

export interface AccountWithSecret extends Account {
  password_hash: string;
}

/** A support session: the grant it works under (the user is one of the platform's staff). */
export interface SupportInfo {
  grant_id: number;
  read_only: boolean;
  until: string;
  central_role: number;
}

/** The logged-in user as the API returns it. */
export interface AuthUser extends Account {
  /** The zone the screens show times in (the platform's, whatever the device's clock says). */
  time_zone?: string;
  permissions?: Permission[];
  support?: SupportInfo;
  tenant?: { id: number; name: string; subdomain: string; status: number; modules: string[] };
}

const PUBLIC_COLUMNS = ['id', 'name', 'username', 'email', 'phone', 'role', 'is_active'] as const;

export async function findAccount(db: Kysely<Database>, scope: AccountScope, tenantId: number | null, username: string): Promise<AccountWithSecret | undefined> {
  const name = username.trim().toLowerCase();
  if (scope === 'central') {
    return db.selectFrom('users').select([...PUBLIC_COLUMNS, 'password_hash']).where('username', '=', name).executeTakeFirst();
  }
  return db
    .selectFrom('tenant_users')
    .select([...PUBLIC_COLUMNS, 'password_hash'])
    .where('tenant_id', '=', tenantId ?? -1)
    .where('username', '=', name)
    .executeTakeFirst();
}

/** The user as the API answers it: with the zone the screens show times in. */
export function answeredUser(user: AuthUser): AuthUser {
  return { ...user, time_zone: TIME_ZONE };
}

export async function loadAuthUser(db: Kysely<Database>, scope: AccountScope, tenantId: number | null, userId: number): Promise<AuthUser | undefined> {
  if (scope === 'central') {
    const user = await db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', userId).executeTakeFirst();
    return user && answeredUser(user);
  }
  const tid = tenantId ?? -1;
  const [user, permissions, tenant] = await Promise.all([
    db.selectFrom('tenant_users').select(PUBLIC_COLUMNS).where('tenant_id', '=', tid).where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_permissions as up')
      .innerJoin('permissions as p', 'p.id', 'up.permission_id')
      .select(['p.id', 'p.name', 'p.table_name'])
      .where('up.tenant_id', '=', tid)
      .where('up.user_id', '=', userId)
      .orderBy('p.table_name')
      .orderBy('p.id')
      .execute(),
    db.selectFrom('tenants').select(['id', 'name', 'subdomain', 'status', ...MODULES.map(moduleColumn)]).where('id', '=', tid).executeTakeFirst(),
  ]);
  if (!user || !tenant) return undefined;
  const { id, name, subdomain, status } = tenant;
  return answeredUser({ ...user, permissions, tenant: { id, name, subdomain, status, modules: modulesOf(tenant) } });
}

export async function setPassword(db: Kysely<Database>, scope: AccountScope, tenantId: number | null, userId: number, passwordHash: string, now: Date): Promise<void> {
  if (scope === 'central') {
    await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
  } else {
    await db.updateTable('tenant_users').set({ password_hash: passwordHash, updated_at: now }).where('tenant_id', '=', tenantId ?? -1).where('id', '=', userId).execute();
  }
}

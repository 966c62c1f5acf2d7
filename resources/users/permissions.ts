// The clinic permission catalogue, generated from the tenant resources, and the Main Doctor's
// call to set a staff member's permissions.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { EXTRA_PERMISSION_TABLES, resourcesOf } from '../index';
import { moduleOn } from '../../src/shared/modules';
import { ACTIONS, permissionTable } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';
import type { Database } from '../../src/server/db/schema';
import { invalidField, notFound } from '../../src/server/http/errors';
import { arr, bool, dataAnswer, int, obj, str } from '../../src/server/http/answers';
import { translate } from '../../src/server/i18n';

/** Every (action, table_name) pair a staff member can be given. */
export function permissionCatalogue(): { name: string; table_name: string }[] {
  const tables = new Set<string>();
  for (const def of resourcesOf('tenant')) if (!def.mainDoctorOnly && !def.anyStaff) tables.add(permissionTable(def));
  for (const t of EXTRA_PERMISSION_TABLES) tables.add(t);
  return [...tables].flatMap((table_name) => ACTIONS.map((name) => ({ name, table_name })));
}

/** Permission tables of modules this clinic does not have (offered only once it is switched on). */
function tablesOff(modules: readonly string[] | undefined): Set<string> {
  return new Set(resourcesOf('tenant').filter((def) => !moduleOn(def.module, modules)).map(permissionTable));
}

/** Adds permissions for newly declared resources; existing ids never change. */
export async function syncPermissions(db: Kysely<Database>): Promise<void> {
  await db.insertInto('permissions').values(permissionCatalogue()).onConflict((oc) => oc.columns(['table_name', 'name']).doNothing()).execute();
}

const updateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'permissions'],
  properties: {
    user: { type: 'integer', minimum: 1 },
    permissions: { type: 'array', maxItems: 1000, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
  },
};

const permission = obj({ id: int, name: str, table_name: str });
const MAIN_DOCTOR = { clinicRoles: [TENANT_ROLE.mainDoctor] };

export function registerPermissionRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const listAll = () => db.selectFrom('permissions').select(['id', 'name', 'table_name']).orderBy('table_name').orderBy('id').execute();

  app.get('/permissions', { config: { scope: 'tenant' }, schema: { tags: ['permissions'], summary: "The permission catalogue (a module's only where it is on)", response: { 200: obj({ permissions: arr(permission) }) } } }, async (request) => {
    const off = tablesOff(request.tenant?.modules);
    return { permissions: (await listAll()).filter((p) => !off.has(p.table_name)) };
  });

  app.put('/permissions/update', { config: { scope: 'tenant', access: MAIN_DOCTOR }, schema: { tags: ['permissions'], summary: "Replace a staff member's permissions (Main Doctor only)", body: updateSchema, response: { 200: obj({ message: str, data: obj({ user: int, permissions: arr(permission) }) }) } } }, async (request) => {
    const body = request.body as { user: number; permissions: number[] };
    return request.data.transaction(async (trx) => {
      const user = await trx.selectFrom('tenant_users').select(['id', 'role']).where('tenant_id', '=', request.tenant!.id).where('id', '=', body.user).executeTakeFirst();
      if (!user) throw invalidField('user', 'validation.relation');
      // The staff member's role, not the caller's: a Main Doctor holds every permission by role.
      if (user.role === TENANT_ROLE.mainDoctor) throw invalidField('user', 'validation.mainDoctorPermissions');
      if (body.permissions.length) {
        const known = await trx.selectFrom('permissions').select(['id', 'table_name']).where('id', 'in', body.permissions).execute();
        const off = tablesOff(request.tenant?.modules);
        if (known.length !== body.permissions.length || known.some((p) => off.has(p.table_name))) throw invalidField('permissions', 'validation.relation');
      }
      const tenantId = request.tenant!.id;
      await trx.deleteFrom('user_permissions').where('tenant_id', '=', tenantId).where('user_id', '=', user.id).execute();
      if (body.permissions.length) {
        await trx.insertInto('user_permissions').values(body.permissions.map((permission_id) => ({ tenant_id: tenantId, user_id: user.id, permission_id }))).execute();
      }
      const permissions = await trx
        .selectFrom('user_permissions as up')
        .innerJoin('permissions as p', 'p.id', 'up.permission_id')
        .select(['p.id', 'p.name', 'p.table_name'])
        .where('up.tenant_id', '=', tenantId)
        .where('up.user_id', '=', user.id)
        .orderBy('p.table_name')
        .orderBy('p.id')
        .execute();
      await request.data.audit(trx, { action: 'permissions_change', resource: 'tenantUsers', recordId: user.id, fields: permissions.map((p) => `${p.table_name}.${p.name}`) });
      return { message: translate(request.lang, 'messages.permissionsUpdated'), data: { user: user.id, permissions } };
    });
  });

  app.get('/permissions/user/:id', { config: { scope: 'tenant', access: MAIN_DOCTOR }, schema: { tags: ['permissions'], summary: "A staff member's permission ids (Main Doctor only)", response: { 200: dataAnswer(obj({ user: int, permissions: arr(int) })) } } }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    return request.data.transaction(async (trx) => {
      const user = await trx.selectFrom('tenant_users').select('id').where('tenant_id', '=', request.tenant!.id).where('id', '=', id).executeTakeFirst();
      if (!user) throw notFound();
      const rows = await trx.selectFrom('user_permissions').select('permission_id').where('tenant_id', '=', request.tenant!.id).where('user_id', '=', id).execute();
      return { data: { user: id, permissions: rows.map((r) => r.permission_id) } };
    });
  });

  app.get('/tenant-check', { config: { scope: 'any', auth: false, unregisteredOk: true }, schema: { tags: ['tenancy'], summary: 'Whether this host belongs to a registered clinic', response: { 200: obj({ exists: bool }) } } }, async (request) => ({
    exists: request.tenant !== null,
  }));
}

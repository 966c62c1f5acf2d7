// Optional modules (src/shared/modules.ts), generated from the registry: on a clinic whose module
// is off, every route of every resource of the module answers 404, with or without a session (as a
// path that does not exist: nothing says it does), and its permissions are not offered; once the
// platform's Owner switches it on (the doctor's form: PUT /tenants/:id), the same routes work. And
// the plan's quota (`quota` on a declaration): max_cases caps a clinic's lawsuits with a 422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, resourceByName } from '../../resources/index';
import { MODULES, moduleColumn } from '../../src/shared/modules';
import { isArchivable, permissionTable, resourceActions } from '../../src/shared/resource';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord } from './fixtures';
import { sampleInput, sampleUpdate } from './samples';

const inModules = resources.filter((def) => def.module);

let t: TestApp;
let owner: string;
let otherId: number;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  owner = await t.login(CENTRAL, 'owner');
  otherId = Number((await t.db.kysely.selectFrom('tenants').select('id').where('subdomain', '=', 'other').executeTakeFirstOrThrow()).id);
});
afterAll(() => t?.close());

const switchModule = async (column: string, on: boolean) => {
  const res = await t.call('PUT', `/tenants/${otherId}`, { token: owner, body: { [column]: on } });
  expect(res.status).toBe(200);
};

it('every module has resources, all of them clinic resources', () => {
  for (const m of MODULES) expect(inModules.filter((d) => d.module === m).length).toBeGreaterThan(0);
  expect(inModules.every((d) => d.scope === 'tenant')).toBe(true);
});

describe.each(MODULES.map((m) => [m] as const))('module %s', (module) => {
  const defs = inModules.filter((d) => d.module === module);
  const column = moduleColumn(module);

  it("switched off: every route of its resources is 404 to the clinic's session, 401 without one or with another clinic's (authentication first), its permissions are not offered, and the user says so", async () => {
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    const stranger = await t.login(DEMO, 'doctor');
    // Records made while it was on stay, unreachable while it is off.
    const ids: Record<string, number> = {};
    for (const def of defs) if (resourceActions(def).includes('create')) ids[def.name] = (await createRecord(t, def, OTHER, ids)).id;
    await switchModule(column, false);
    for (const def of defs) {
      const id = ids[def.name] ?? 1;
      const calls: [string, string, unknown?][] = [
        ['GET', `/${def.path}`],
        ['GET', `/${def.path}/export`],
        ['GET', `/${def.path}/${id}`],
        ['POST', `/${def.path}`, sampleInput(def)],
        ['PUT', `/${def.path}/${id}`, sampleUpdate(def)],
        ['PATCH', `/${def.path}/${id}`, sampleUpdate(def)],
        ['DELETE', `/${def.path}/${id}`],
        ...(isArchivable(def) ? [['POST', `/${def.path}/${id}/restore`] as [string, string]] : []),
      ];
      for (const [method, url, body] of calls) {
        // Public reads need no session: without one, the module's absence is what answers.
        const openRead = method === 'GET' && def.publicRead === true;
        const cases: [string | null, string, number][] = [
          [boss, "the clinic's Main Doctor", 404],
          [null, 'no session', openRead ? 404 : 401],
          [stranger, "another clinic's token", 401],
        ];
        for (const [token, who, status] of cases) {
          const res = await t.call(method, url, { host: OTHER, token, body });
          expect(res.status, `${method} ${url} as ${who}`).toBe(status);
        }
      }
    }
    const tables = new Set(defs.map(permissionTable));
    const catalogue = (await t.call('GET', '/permissions', { host: OTHER, token: boss })).body.permissions as { id: number; table_name: string }[];
    expect(catalogue.filter((p) => tables.has(p.table_name))).toEqual([]);
    const user = (await t.call('GET', '/auth/tenant/user', { host: OTHER, token: boss })).body.data as { tenant: { modules: string[] } };
    expect(user.tenant.modules).not.toContain(module);
    // The clinic beside it, with the module on, is untouched.
    const doctor = await t.login(DEMO, 'doctor');
    for (const def of defs) expect((await t.call('GET', `/${def.path}`, { host: DEMO, token: doctor })).status, def.name).toBe(200);
  });

  it('switched on by the Owner: the routes work, the records kept are there, its permissions are offered', async () => {
    await switchModule(column, true);
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    for (const def of defs) {
      const list = await t.call('GET', `/${def.path}`, { host: OTHER, token: boss });
      expect(list.status, def.name).toBe(200);
      if (resourceActions(def).includes('create')) expect((list.body.data as unknown[]).length, def.name).toBeGreaterThan(0);
    }
    const tables = new Set(defs.map(permissionTable));
    const catalogue = (await t.call('GET', '/permissions', { host: OTHER, token: boss })).body.permissions as { table_name: string }[];
    expect(new Set(catalogue.map((p) => p.table_name).filter((n) => tables.has(n)))).toEqual(tables);
    const user = (await t.call('GET', '/auth/tenant/user', { host: OTHER, token: boss })).body.data as { tenant: { modules: string[] } };
    expect(user.tenant.modules).toContain(module);
  });
});

describe.each(resources.filter((def) => def.quota).map((def) => [def.name, def] as const))('plan quota of %s', (_n, def) => {
  it("refuses the record past the plan's limit with a 422 on its field, in the caller's language, and takes it again when the plan allows more", async () => {
    const quota = def.quota!;
    const tenant = await t.db.kysely.selectFrom('tenants').select('plan_id').where('id', '=', otherId).executeTakeFirstOrThrow();
    const kept = await t.call('GET', `/${def.path}?per_page=1`, { host: OTHER, token: await t.login(OTHER, 'boss', 'copper-harbor-6620') });
    const count = (kept.body.meta as { total: number }).total;
    const setLimit = async (limit: number) => expect((await t.call('PUT', `/plans/${tenant.plan_id}`, { token: owner, body: { [quota.plan]: limit } })).status).toBe(200);
    await setLimit(count + 1);
    await createRecord(t, def, OTHER);
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    const ids = Object.fromEntries(
      await Promise.all(
        Object.values(def.fields)
          .filter((f) => f.type === 'relation' && f.relation)
          .map(async (f) => [f.relation!.resource, (await createRecord(t, resourceByName(f.relation!.resource), OTHER)).id] as const),
      ),
    );
    const messages: string[] = [];
    for (const lang of ['en', 'ckb']) {
      const refused = await t.call('POST', `/${def.path}`, { host: OTHER, token: boss, lang, body: sampleInput(def, ids) });
      expect(refused.status).toBe(422);
      messages.push(refused.body.errors?.[quota.field]?.[0] ?? '');
    }
    for (const message of messages) expect(message).toContain(String(count + 1));
    expect(messages[0]).not.toBe(messages[1]);
    expect(((await t.call('GET', `/${def.path}?per_page=1`, { host: OTHER, token: boss })).body.meta as { total: number }).total).toBe(count + 1);
    await setLimit(count + 2);
    expect((await t.call('POST', `/${def.path}`, { host: OTHER, token: boss, body: sampleInput(def, ids) })).status).toBe(201);
  });
});

// Generated from the registry: a clinic sees, changes and deletes nothing of another clinic through
// any route, guessed ids included; a token works only on the host it was issued for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, resourcesOf } from '../../resources/index';
import { type ResourceDef, resourceActions } from '../../src/shared/resource';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord, multipart, tokenFor } from './fixtures';
import { sampleUpdate } from './samples';

const sharesPath = (def: ResourceDef) => resources.some((r) => r.path === def.path && r.scope !== def.scope);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

describe.each(resourcesOf('tenant').map((def) => [def.name, def] as const))('clinic isolation: %s', (_name, def) => {
  it("another clinic's record answers 404 to read, update and delete, and never shows in lists", async () => {
    const mine = await createRecord(t, def, DEMO);
    const theirs = await tokenFor(t, def, OTHER);
    const demoToken = await tokenFor(t, def, DEMO);

    expect((await t.call('GET', `/${def.path}/${mine.id}`, { host: OTHER, token: theirs })).status).toBe(404);
    if (resourceActions(def).includes('update')) {
      expect((await t.call('PATCH', `/${def.path}/${mine.id}`, { host: OTHER, token: theirs, body: sampleUpdate(def) })).status).toBe(404);
      expect((await t.call('PUT', `/${def.path}/${mine.id}`, { host: OTHER, token: theirs, body: sampleUpdate(def) })).status).toBe(404);
    }
    if (resourceActions(def).includes('delete')) {
      expect((await t.call('DELETE', `/${def.path}/${mine.id}`, { host: OTHER, token: theirs })).status).toBe(404);
    }
    const list = await t.call('GET', `/${def.path}?per_page=100&filter[id][in]=${mine.id}`, { host: OTHER, token: theirs });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);

    // Still there, unchanged, for its own clinic.
    const own = await t.call('GET', `/${def.path}/${mine.id}`, { host: DEMO, token: demoToken });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(mine);
  });

  it('a token of one clinic is refused on another clinic and on the central host', async () => {
    const demoToken = await tokenFor(t, def, DEMO);
    expect((await t.call('GET', `/${def.path}`, { host: OTHER, token: demoToken })).status).toBe(401);
    expect((await t.call('GET', '/auth/user', { host: CENTRAL, token: demoToken })).status).toBe(401);
  });

  // A path shared with a central resource (locations, links) is served there by the central one.
  it.skipIf(sharesPath(def))('is not served on the central host', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    expect((await t.call('GET', `/${def.path}`, { host: CENTRAL, token: owner })).status).toBe(404);
  });
});

describe.each(resourcesOf('central').map((def) => [def.name, def] as const))('central only: %s', (_name, def) => {
  it('refuses clinic tokens and is not served on clinic hosts', async () => {
    const clinicToken = await t.login(DEMO, 'doctor');
    expect((await t.call('GET', `/${def.path}`, { host: CENTRAL, token: clinicToken })).status).toBe(401);
    if (!sharesPath(def)) expect((await t.call('GET', `/${def.path}`, { host: DEMO, token: clinicToken })).status).toBe(404);
  });
});

describe('row-level security', () => {
  it('hides other clinics rows from the app role even without a tenant filter', async () => {
    await createRecord(t, resources.find((r) => r.name === 'patients')!, OTHER);
    const { sql } = await import('kysely');
    const seen = await t.db.kysely.transaction().execute(async (trx) => {
      const demo = await trx.selectFrom('tenants').select('id').where('subdomain', '=', 'demo').executeTakeFirstOrThrow();
      await sql`select set_config('role', 'clinic_app', true), set_config('app.tenant_id', ${String(demo.id)}, true)`.execute(trx);
      const rows = await sql<{ tenant_id: number }>`select distinct tenant_id from patients`.execute(trx);
      return { demo: demo.id, tenants: rows.rows.map((r) => r.tenant_id) };
    });
    expect(seen.tenants).toEqual([seen.demo]);
    const all = await sql<{ n: number }>`select count(distinct tenant_id)::int as n from patients`.execute(t.db.kysely);
    expect(all.rows[0].n).toBeGreaterThan(1);
  });

  // Every table holding a clinic's rows, declared or not (invoices, uploads, sessions...): found in
  // the catalog, so a table added by a migration without its policy fails here.
  it('every table with a tenant_id has row-level security, and the app role sees no other clinic in any', async () => {
    const { sql } = await import('kysely');
    // Rows of the other clinic in the tables a clinic's life fills: its login, a file, its invoice...
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    const m = multipart(Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf', 'application/pdf');
    await t.call('POST', '/uploads', { host: OTHER, token: boss, rawBody: m.body, contentType: m.type });
    const { rows: tables } = await sql<{ name: string; rls: boolean; policies: number }>`
      select c.relname as name, c.relrowsecurity as rls, (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
      order by 1`.execute(t.db.kysely);
    expect(tables.map((r) => r.name)).toEqual(expect.arrayContaining(['invoices', 'plan_histories', 'uploads', 'notifications', 'sessions', 'patients']));
    expect(tables.filter((r) => !r.rls || r.policies < 1).map((r) => r.name)).toEqual([]);
    const demo = await t.db.kysely.selectFrom('tenants').select('id').where('subdomain', '=', 'demo').executeTakeFirstOrThrow();
    const leaks: Record<string, number> = {};
    let othersExist = 0;
    for (const { name } of tables) {
      const all = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)} where tenant_id is distinct from ${demo.id}`.execute(t.db.kysely);
      othersExist += all.rows[0].n;
      const seen = await t.db.kysely.transaction().execute(async (trx) => {
        await sql`select set_config('role', 'clinic_app', true), set_config('app.tenant_id', ${String(demo.id)}, true)`.execute(trx);
        return (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)} where tenant_id is distinct from ${demo.id}`.execute(trx)).rows[0].n;
      });
      if (seen) leaks[name] = seen;
    }
    expect(othersExist).toBeGreaterThan(0);
    expect(leaks).toEqual({});
  });

  it('the patient search function (which bypasses RLS for its index) reads only the clinic set, and nothing without one', async () => {
    await createRecord(t, resources.find((r) => r.name === 'patients')!, OTHER);
    const { sql } = await import('kysely');
    const searchAs = (tenant: string) =>
      t.db.kysely.transaction().execute(async (trx) => {
        await sql`select set_config('role', 'clinic_app', true), set_config('app.tenant_id', ${tenant}, true)`.execute(trx);
        const rows = await sql<{ tenant_id: number }>`select distinct tenant_id from patients_search('%', null, null, null)`.execute(trx);
        return rows.rows.map((r) => r.tenant_id);
      });
    const demo = await t.db.kysely.selectFrom('tenants').select('id').where('subdomain', '=', 'demo').executeTakeFirstOrThrow();
    expect(await searchAs(String(demo.id))).toEqual([demo.id]);
    expect(await searchAs('')).toEqual([]);
  });
});

// Related records' titles come with the rows (issue 16): a list answer names, for every listed
// relation column, the title of each record its rows point to, and a record's answer does the same
// for all its relations, in the caller's language; so a page asks no request per relation column.
// Table-driven over the registry: every resource with a relation is covered, including ones
// declared after this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { relationText } from '../../src/shared/labels';
import { sql } from 'kysely';
import { type ResourceDef, allFields, resourceActions } from '../../src/shared/resource';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, tokenFor } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const relationFields = (def: ResourceDef) =>
  Object.entries(def.fields).filter(([, f]) => f.relation && !f.writeOnly && resourceByName(f.relation.resource).scope === def.scope);

const cases = resources.filter((def) => resourceActions(def).includes('create') && relationFields(def).length > 0);

type Labels = Record<string, Record<string, string>>;

describe.each(cases.map((def) => [def.name, def] as const))('%s answers its relations’ titles', (_name, def) => {
  it('in the list (listed columns) and in the record (every relation)', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const record = await createRecord(t, def, host);
    const list = await t.call('GET', `/${def.path}?filter[id]=${record.id}`, { host, token });
    expect(list.status).toBe(200);
    const one = await t.call('GET', `/${def.path}/${record.id}`, { host, token });
    expect(one.status).toBe(200);
    for (const [name, field] of relationFields(def)) {
      const value = record[name];
      if (value === null || value === undefined) continue;
      const target = resourceByName(field.relation!.resource);
      const related = await t.call('GET', `/${target.path}/${String(value)}`, { host, token });
      const title = relationText(related.body.data as Record<string, unknown>, field.relation!.labelField, 'en');
      expect((one.body.labels as Labels)[name]?.[String(value)], `${def.name}.${name} on its page`).toBe(title);
      if (field.list) expect((list.body.labels as Labels)[name]?.[String(value)], `${def.name}.${name} in the list`).toBe(title);
      else expect((list.body.labels as Labels)[name], `${def.name}.${name} is not a list column`).toBeUndefined();
    }
  });
});

// An event of the trail names a record of any resource, some written only by jobs (a clinic's copy):
// the trail's list answers it with the record's title as a person reads it. An export, titled by
// a column every record has without declaring it, failed the whole page with a 500.
describe.each(resources.map((def) => [def.name, def] as const))('the trail names a record of %s', (_name, def) => {
  it('and lists it with its title', async () => {
    const host = hostOf(def);
    const token = await t.login(host, def.scope === 'central' ? 'owner' : 'doctor');
    let id = 1;
    if (def.name === 'exports') expect((await t.call('POST', '/exports', { host, token })).status).toBe(202);
    const { rows } = await sql<{ id: number }>`select max(id) as id from ${sql.table(def.table)}`.execute(t.db.kysely);
    if (rows[0]?.id) id = Number(rows[0].id);
    const tenant = def.scope === 'central' ? null : (await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(t.db.kysely)).rows[0].id;
    await sql`insert into audit_events (tenant_id, actor_scope, action, resource, record_id) values (${tenant}, ${def.scope === 'central' ? 'central' : 'tenant'}, 'update', ${def.name}, ${id})`.execute(t.db.kysely);
    const list = await t.call('GET', `/audit?filter[resource]=${def.name}&filter[record_id]=${id}`, { host, token });
    expect(list.status).toBe(200);
    const label = (list.body.labels as Labels | undefined)?.record_id?.[`${def.name}:${id}`];
    const titleField = allFields(def)[def.titleField];
    if (label !== undefined && titleField.type === 'datetime') expect(label).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });
});

describe('relation titles', () => {
  it('are in the caller’s language (a clinic’s plan and city)', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const tenants = resourceByName('tenants');
    const en = await t.call('GET', '/tenants?per_page=5', { token: owner, lang: 'en' });
    const ckb = await t.call('GET', '/tenants?per_page=5', { token: owner, lang: 'ckb' });
    const rows = en.body.data as { plan_id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const plan = (await t.call('GET', `/plans/${rows[0].plan_id}`, { token: owner })).body.data as Record<string, unknown>;
    const labelField = tenants.fields.plan_id.relation!.labelField;
    expect((en.body.labels as Labels).plan_id[String(rows[0].plan_id)]).toBe(relationText(plan, labelField, 'en'));
    expect((ckb.body.labels as Labels).plan_id[String(rows[0].plan_id)]).toBe(relationText(plan, labelField, 'ckb'));
    expect(relationText(plan, labelField, 'ckb')).not.toBe(relationText(plan, labelField, 'en'));
  });

  it('leave out records the caller may not read: the list answers the ids alone', async () => {
    // The secretary, left with appointments' rights alone, lists them but learns no patient's name.
    const doctor = await t.login(DEMO, 'doctor');
    const appointments = await t.call('GET', '/appointments?per_page=5', { host: DEMO, token: doctor });
    expect(Object.keys((appointments.body.labels as Labels).patient_id ?? {}).length).toBeGreaterThan(0);
    const staff = (await t.call('GET', '/tenantUsers?per_page=100', { host: DEMO, token: doctor })).body.data as { id: number; username: string }[];
    const secretary = staff.find((u) => u.username === 'secretary')!;
    const catalogue = (await t.call('GET', '/permissions', { host: DEMO, token: doctor })).body.permissions as { id: number; table_name: string }[];
    const appointmentsOnly = catalogue.filter((p) => p.table_name === 'appointments').map((p) => p.id);
    expect((await t.call('PUT', '/permissions/update', { host: DEMO, token: doctor, body: { user: secretary.id, permissions: appointmentsOnly } })).status).toBe(200);
    const token = await t.login(DEMO, 'secretary');
    const refused = await t.call('GET', '/appointments?per_page=5', { host: DEMO, token });
    expect(refused.status).toBe(200);
    expect((refused.body.labels as Labels).patient_id).toBeUndefined();
  });
});

// Generated from the registry: what the database refuses comes back as the right answer on the
// right field, also under row-level security (which hides PostgreSQL's detail): a duplicate of a
// unique value, and a relation to a record that does not exist or is another clinic's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { resourceActions } from '../../src/shared/resource';
import { type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord, hostOf, relationsFor, tokenFor } from './fixtures';
import { sampleInput } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

const creatable = resources.filter((def) => resourceActions(def).includes('create'));

const uniques = creatable.flatMap((def) => Object.entries(def.fields).filter(([, f]) => f.unique && !f.readOnly).map(([field]) => [`${def.name}.${field}`, def, field] as const));

describe.each(uniques)('unique %s', (_n, def, field) => {
  it('a duplicate answers 422 on that field', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const first = await createRecord(t, def, host);
    // Unique within other fields (an article's number in its law): the duplicate shares them too.
    const within = Object.fromEntries((def.fields[field].uniqueWith ?? []).map((w) => [w, first[w]]));
    const body = { ...sampleInput(def, await relationsFor(t, def, host)), ...within, [field]: first[field] };
    const res = await t.call('POST', `/${def.path}`, { host, token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
  });
});

const relations = creatable.flatMap((def) =>
  Object.entries(def.fields)
    .filter(([, f]) => f.type === 'relation' && !f.readOnly && f.relation)
    .map(([field, f]) => [`${def.name}.${field} -> ${f.relation!.resource}`, def, field, f.relation!.resource] as const),
);

describe.each(relations)('relation %s', (_n, def, field, target) => {
  it("a missing target, or another clinic's, answers 422 on that field and stores nothing", async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    // Optional relations left empty: they would be refused first for not matching (a visit's appointment).
    const optional = Object.entries(def.fields).filter(([name, f]) => name !== field && f.type === 'relation' && !f.readOnly && f.nullable);
    const valid = { ...sampleInput(def, await relationsFor(t, def, host)), ...Object.fromEntries(optional.map(([name]) => [name, null])) };
    const targets: number[] = [999_999];
    const targetDef = resourceByName(target);
    if (targetDef.scope === 'tenant') {
      const only = Object.fromEntries(Object.entries(def.fields[field].relation?.only ?? {}).map(([col, values]) => [col, values[values.length - 1]]));
      targets.push((await createRecord(t, targetDef, OTHER, {}, only)).id);
    }
    for (const id of targets) {
      const res = await t.call('POST', `/${def.path}`, { host, token, body: { ...valid, [field]: id } });
      expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), String(id)).toEqual([field]);
    }
  });
});

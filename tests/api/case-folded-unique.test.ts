// Unique text compares case-folded (issue 38): for every unique text field of the registry, a name
// already held in another case ("plainmark" beside "PLAINMARK") is refused on its field (422), on
// create and on a change, while another clinic may still hold it; a field that is caseSensitive (a
// device's UUID) is not folded. The database refuses it too (its unique index on lower()).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { caseFolded } from '../../src/server/db/table-from-declaration';
import { resourceActions } from '../../src/shared/resource';
import { OTHER, createOtherClinic, createRecord, hostOf, relationsFor, tokenFor } from './fixtures';
import { type TestApp, startTestApp } from './harness';
import { sampleInput } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
}, 120_000);
afterAll(() => t?.close());

const folded = resources.flatMap((def) =>
  Object.entries(def.fields)
    .filter(([, f]) => f.unique && caseFolded(f) && resourceActions(def).includes('create'))
    .map(([name]) => [`${def.name}.${name}`, def, name] as const),
);

it('covers the unique names of the registry', () => {
  expect(folded.map(([label]) => label)).toEqual(expect.arrayContaining(['drugs.name', 'commonDiseases.name', 'cities.name_en']));
});

describe.each(folded)('%s', (_label, def, field) => {
  const host = hostOf(def);
  let n = 0;
  const fresh = () => `Plainmark ${def.name} ${Date.now() % 100_000}${n++}`;

  it('refuses a value held in another case, on create and on a change', async () => {
    const token = await tokenFor(t, def, host);
    const name = fresh();
    await createRecord(t, def, host, {}, { [field]: name });
    for (const other of [name.toUpperCase(), name.toLowerCase()]) {
      const res = await t.call('POST', `/${def.path}`, { host, token, body: { ...sampleInput(def, await relationsFor(t, def, host)), [field]: other } });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    }
    const second = await createRecord(t, def, host, {}, { [field]: fresh() });
    const change = await t.call('PATCH', `/${def.path}/${second.id}`, { host, token, body: { [field]: name.toUpperCase() } });
    expect(change.status, JSON.stringify(change.body)).toBe(422);
    expect(Object.keys(change.body.errors ?? {})).toEqual([field]);
  });

  it.skipIf(def.scope !== 'tenant')("leaves another clinic's names alone", async () => {
    const name = fresh();
    await createRecord(t, def, host, {}, { [field]: name });
    const other = await createRecord(t, def, OTHER, {}, { [field]: name.toUpperCase() });
    expect(other[field]).toBe(name.toUpperCase());
  });

  it('is refused by the database too', async () => {
    const record = await createRecord(t, def, host, {}, { [field]: fresh() });
    const held = await createRecord(t, def, host, {}, { [field]: fresh() });
    const write = sql`update ${sql.table(def.table)} set ${sql.ref(field)} = upper(${String(held[field])}) where id = ${record.id}`.execute(t.db.kysely);
    await expect(write).rejects.toMatchObject({ code: '23505' });
  });
});


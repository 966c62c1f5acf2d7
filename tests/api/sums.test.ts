// Declared sums (FieldDef.sum, issue 16): a record answers the total of its nested records' field,
// in its list and on its page, and follows their changes (archived or deleted ones leave it).
// Table-driven over the registry: every declared sum is covered, including ones added later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { type ResourceDef } from '../../src/shared/resource';
import { type TestApp, startTestApp } from './harness';
import { createOtherClinic, createRecord, hostOf, OTHER, tokenFor } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The legal module is on for `other` (fixtures: every module on).
  await createOtherClinic(t);
});
afterAll(async () => {
  await t.close();
});

const sums = resources.flatMap((def) => Object.entries(def.fields).filter(([, f]) => f.sum).map(([name, f]) => [`${def.name}.${name}`, def, name, f.sum!] as const));

it('the registry declares sums', () => {
  expect(sums.length).toBeGreaterThan(0);
});

describe.each(sums)('%s', (_n, def: ResourceDef, name, sum) => {
  it('totals the nested records, in the list and on the page, and follows their changes', async () => {
    const host = def.scope === 'tenant' ? OTHER : hostOf(def);
    const token = await tokenFor(t, def, host);
    const parent = await createRecord(t, def, host);
    const child = resourceByName(sum.of);
    const key = child.within!.field;
    const read = async () => {
      const one = await t.call('GET', `/${def.path}/${parent.id}`, { host, token });
      const list = await t.call('GET', `/${def.path}?filter[id]=${parent.id}`, { host, token });
      return [Number((one.body.data as Record<string, unknown>)[name]), Number((list.body.data as Record<string, unknown>[])[0][name])];
    };
    expect(await read()).toEqual([0, 0]);
    const values = { amount: 300, paid_amount: 120 } as Record<string, number>;
    const a = await createRecord(t, child, host, {}, { [key]: parent.id, ...values });
    await createRecord(t, child, host, {}, { [key]: parent.id, amount: 500, paid_amount: 500 });
    // Another record's children are not counted.
    const other = await createRecord(t, def, host);
    await createRecord(t, child, host, {}, { [key]: other.id, amount: 900, paid_amount: 900 });
    const expected = values[sum.field] + 500;
    expect(await read()).toEqual([expected, expected]);
    expect((await t.call('DELETE', `/${child.path}/${a.id}`, { host, token })).status).toBeLessThan(300);
    expect(await read()).toEqual([500, 500]);
  });
});

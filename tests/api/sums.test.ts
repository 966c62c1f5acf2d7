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
    // Both fields the payments' sums read (paid within the amount), and the one this sum reads;
    // with `minus`, the rows holding its value count negatively (an item's movements out).
    const values = (v: number, paid: number) => Object.fromEntries(Object.entries({ [sum.field]: v, amount: v, paid_amount: paid }).filter(([f]) => f in child.fields));
    const plus = sum.minus ? { [sum.minus.field]: child.fields[sum.minus.field].choices!.find((c) => c !== sum.minus!.equals) } : {};
    const a = await createRecord(t, child, host, {}, { [key]: parent.id, ...plus, ...values(300, 120) });
    await createRecord(t, child, host, {}, { [key]: parent.id, ...plus, ...values(500, 500) });
    // Another record's children are not counted.
    const other = await createRecord(t, def, host);
    await createRecord(t, child, host, {}, { [key]: other.id, ...plus, ...values(900, 900) });
    const first = sum.field === 'paid_amount' ? 120 : 300;
    expect(await read()).toEqual([first + 500, first + 500]);
    if (sum.minus) {
      const out = await createRecord(t, child, host, {}, { [key]: parent.id, [sum.minus.field]: sum.minus.equals, ...values(200, 200) });
      expect(await read()).toEqual([first + 300, first + 300]);
      expect((await t.call('DELETE', `/${child.path}/${out.id}`, { host, token })).status).toBeLessThan(300);
    }
    expect((await t.call('DELETE', `/${child.path}/${a.id}`, { host, token })).status).toBeLessThan(300);
    expect(await read()).toEqual([500, 500]);
  });
});

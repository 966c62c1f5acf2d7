// Generated from the registry: a field declared `final` (a payment's amount) keeps the value it was
// created with. An update sending another value is refused on that field, in the caller's
// language, before anything else is judged, and nothing changes; sending the same value is no
// change at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { enumValues } from '../../src/shared/enums';
import { type FieldDef, resourceActions } from '../../src/shared/resource';
import { type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, tokenFor } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A value unlike `value` that the field's type would take. */
function another(field: FieldDef, value: unknown): unknown {
  if (field.type === 'enum') return enumValues(field.enum ?? '').find((v) => v !== Number(value));
  if (field.type === 'relation' || field.type === 'integer') return Number(value ?? 0) + 1_000_000;
  if (field.type === 'money' || field.type === 'number') return Number(value ?? 0) + 1;
  return `${String(value ?? '')} changed`;
}

const cases = resources
  .filter((def) => resourceActions(def).includes('update'))
  .flatMap((def) => Object.entries(def.fields).filter(([, f]) => f.final).map(([name, field]) => [`${def.name}.${name}`, def, name, field] as const));

it('the registry declares final fields (this file has something to check)', () => {
  expect(cases.length).toBeGreaterThanOrEqual(5);
});

describe.each(cases)('%s', (_n, def, name, field) => {
  it('is refused when changed, on its field, in Kurdish, and kept; the same value is no change', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const record = await createRecord(t, def, host);
    const changed = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, lang: 'ckb', body: { [name]: another(field, record[name]) } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(422);
    expect(Object.keys(changed.body.errors ?? {})).toEqual([name]);
    expect(changed.body.errors?.[name]?.[0]).toMatch(/[\u0600-\u06FF]/);
    const after = await t.call('GET', `/${def.path}/${record.id}`, { host, token });
    expect((after.body.data as Record<string, unknown>)[name]).toEqual(record[name]);
    const same = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: { [name]: record[name] } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((same.body.data as { version: number }).version).toBe((after.body.data as { version: number }).version);
  });
});

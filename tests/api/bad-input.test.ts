// Generated from the registry: malformed or hostile input answers 4xx with a clear message, never
// a 5xx, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { type FieldDef, resourceActions, writableFields } from '../../src/shared/resource';
import { type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, recordCount, relationsFor, tokenFor } from './fixtures';
import { sampleInput } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A value of the wrong type for a field. */
function wrongValue(field: FieldDef): unknown {
  if (['integer', 'number', 'money', 'enum', 'relation'].includes(field.type)) return 'not a number';
  if (field.type === 'boolean') return 'maybe';
  return { nested: true };
}


describe.each(resources.map((def) => [def.name, def] as const))('%s', (_n, def) => {
  const host = hostOf(def);
  const canWrite = resourceActions(def).includes('create');

  // A resource without the action has no such test (reported skipped, never passed empty).
  it.skipIf(!canWrite)('rejects bad create bodies with 4xx and keeps the table as it was', async () => {
    const token = await tokenFor(t, def, host);
    const before = await recordCount(t, def, host, token);
    const valid = sampleInput(def, await relationsFor(t, def, host));
    const cases: { body?: unknown; raw?: string; type?: string; status: number; field?: string }[] = [
      { raw: '{"name": ', status: 400 },
      { raw: 'not json at all', status: 400 },
      { body: [], status: 422 },
      { body: 'a string', status: 422 },
      { body: { ...valid, no_such_field: 1 }, status: 422, field: 'no_such_field' },
      { body: { ...valid, id: 5 }, status: 422, field: 'id' },
      { body: { ...valid, tenant_id: 1 }, status: 422, field: 'tenant_id' },
      { raw: 'a=1', type: 'text/plain', status: 415 },
      { raw: JSON.stringify({ ...valid, big: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
      ...writableFields(def).map(([name, f]) => ({ body: { ...valid, [name]: wrongValue(f) }, status: 422, field: name })),
      // Dates that may not be in the future (a date of birth): a week ahead is refused.
      ...writableFields(def)
        .filter(([, f]) => f.notFuture)
        .map(([name]) => ({ body: { ...valid, [name]: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) }, status: 422, field: name })),
      ...writableFields(def)
        .filter(([, f]) => f.required)
        .map(([name]) => {
          const { [name]: _dropped, ...rest } = valid;
          return { body: rest, status: 422, field: name };
        }),
    ];
    for (const c of cases) {
      const res = await t.call('POST', `/${def.path}`, { host, token, body: c.body, rawBody: c.raw, contentType: c.type });
      expect(res.status, JSON.stringify(c).slice(0, 120)).toBe(c.status);
      expect(typeof res.body.message).toBe('string');
      if (c.field) expect(Object.keys(res.body.errors ?? {}), c.field).toContain(c.field);
    }
    expect(await recordCount(t, def, host, token)).toBe(before);
  });

  it('answers 404 to malformed and unknown ids', async () => {
    const token = await tokenFor(t, def, host);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', "1'%20or%201=1", '999999999']) {
      expect((await t.call('GET', `/${def.path}/${id}`, { host, token })).status, id).toBe(404);
      if (resourceActions(def).includes('delete')) expect((await t.call('DELETE', `/${def.path}/${id}`, { host, token })).status, id).toBe(404);
    }
  });

  it('rejects unknown sort fields, filters, operators and bad paging with 422', async () => {
    const token = await tokenFor(t, def, host);
    const numeric = writableFields(def).find(([, f]) => f.filterable && ['integer', 'enum', 'relation', 'money', 'number'].includes(f.type));
    const queries = [
      'sort=no_such_field',
      'sort=password',
      'sort=id;drop table users',
      'filter[no_such_field]=1',
      'filter[password]=x',
      'filter[id][between]=1',
      'filter[id]=abc',
      'page=0',
      'page=-3',
      'per_page=abc',
      'whatever=1',
      ...(numeric ? [`filter[${numeric[0]}]=abc`, `filter[${numeric[0]}][in]=1,x`] : []),
    ];
    for (const q of queries) {
      const res = await t.call('GET', `/${def.path}?${q}`, { host, token });
      expect(res.status, q).toBe(422);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it.skipIf(!resourceActions(def).includes('update'))('rejects bad update bodies and leaves the record unchanged', async () => {
    const token = await tokenFor(t, def, host);
    const record = await createRecord(t, def, host);
    for (const [name, f] of writableFields(def)) {
      const res = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: { [name]: wrongValue(f) } });
      expect(res.status, name).toBe(422);
      if (f.required) {
        const blank = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: { [name]: null } });
        expect(blank.status, `${name}=null`).toBe(422);
      }
    }
    const after = await t.call('GET', `/${def.path}/${record.id}`, { host, token });
    expect(after.body.data).toEqual(record);
  });
});

it('answers unknown API routes with a translated 404', async () => {
  const res = await t.call('GET', '/no/such/route', { lang: 'ar' });
  expect(res.status).toBe(404);
  expect(res.body.message).toMatch(/غير موجود/);
});

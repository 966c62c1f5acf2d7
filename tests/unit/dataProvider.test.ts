import './helpers/env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, labelsOf, listQuery, writableBody } from '../../src/client/providers/dataProvider';
import { setToastSink } from '../../src/client/providers/notify';
import { clearSession } from '../../src/client/providers/session';
import { fakeFetch, json } from './helpers/env';

const decode = (qs: string) => decodeURIComponent(qs);

describe('data provider', () => {
  beforeEach(() => {
    clearSession();
    setToastSink(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToastSink(null);
  });

  it('builds list queries: paging, sorting, q, filters and operators', () => {
    const qs = listQuery({
      pagination: { currentPage: 2, pageSize: 25 },
      sorters: [
        { field: 'created_at', order: 'desc' },
        { field: 'name', order: 'asc' },
      ],
      filters: [
        { field: 'q', operator: 'eq', value: 'ali' },
        { field: 'gender', operator: 'eq', value: 1 },
        { field: 'price', operator: 'gte', value: 10 },
        { field: 'id', operator: 'in', value: [1, 2, 3] },
        { field: 'name', operator: 'contains', value: 'sh' },
        { field: 'phone', operator: 'null', value: true },
        { field: 'email', operator: 'eq', value: '' },
      ],
    });
    expect(decode(qs)).toBe(
      'q=ali&filter[gender]=1&filter[price][gte]=10&filter[id][in]=1,2,3&filter[name][like]=sh&filter[phone][null]=true&sort=-created_at,name&page=2&per_page=25',
    );
  });

  it('caps per_page at 500', () => {
    expect(decode(listQuery({ pagination: { currentPage: 1, pageSize: 5000 } }))).toContain('per_page=500');
  });

  it('getList calls the declared path and reads meta.total and the relations’ titles', async () => {
    const { fn, calls } = fakeFetch({
      'GET /tenants': () => json(200, { data: [{ id: 1, name: 'Dr. A', city_id: 4 }], meta: { current_page: 1, per_page: 25, total: 41, last_page: 2 }, labels: { city_id: { '4': 'Erbil' } } }),
    });
    vi.stubGlobal('fetch', fn);
    const out = await dataProvider.getList({ resource: 'tenants', pagination: { currentPage: 1, pageSize: 25 } });
    expect(out).toEqual({ data: [{ id: 1, name: 'Dr. A', city_id: 4 }], total: 41, labels: { city_id: { '4': 'Erbil' } } });
    expect(labelsOf(out)).toEqual({ city_id: { '4': 'Erbil' } });
    expect(labelsOf({ data: [] })).toEqual({});
    expect(calls[0].url.startsWith('/api/v1/tenants?')).toBe(true);
  });

  it('getMany asks for filter[id][in]', async () => {
    const { fn, calls } = fakeFetch({ 'GET /plans': () => json(200, { data: [{ id: 1 }, { id: 2 }], meta: { total: 2 } }) });
    vi.stubGlobal('fetch', fn);
    const out = await dataProvider.getMany!({ resource: 'plans', ids: [1, 2] });
    expect(out.data).toHaveLength(2);
    expect(decode(calls[0].url)).toContain('filter[id][in]=1,2');
  });

  it('create sends only writable declared fields', async () => {
    const { fn, calls } = fakeFetch({ 'POST /patients': (c) => json(201, { data: { id: 9, ...(c.body as object) } }) });
    vi.stubGlobal('fetch', fn);
    await dataProvider.create({
      resource: 'patients',
      variables: { name: 'Shilan', gender: 1, id: 5, created_at: 'x', bogus: true, phone: '' },
    });
    expect(calls[0].method).toBe('POST');
    // A patient may be registered offline (issue 37): it names itself with a client reference.
    expect(calls[0].body).toEqual({ name: 'Shilan', gender: 1, phone: null, client_ref: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
  });

  it.each([
    ['a record made offline too: the submission key names it', 'patients', '3f2a6c1e-1d2b-4c3d-8e4f-5a6b7c8d9e0f', '3f2a6c1e-1d2b-4c3d-8e4f-5a6b7c8d9e0f'],
    ['an online-only record: no reference', 'tasks', '3f2a6c1e-1d2b-4c3d-8e4f-5a6b7c8d9e0f', undefined],
  ])('create: %s', async (_name, resource, key, ref) => {
    const { fn, calls } = fakeFetch({ [`POST /${resource}`]: (c) => json(201, { data: { id: 9, ...(c.body as object) } }) });
    vi.stubGlobal('fetch', fn);
    await dataProvider.create({ resource, variables: { name: 'Shilan', title: 'Call the lab', gender: 1 }, meta: { idempotencyKey: key } });
    expect((calls[0].body as Record<string, unknown>).client_ref).toBe(ref);
    expect(calls[0].headers['Idempotency-Key']).toBe(key);
  });

  it('update is a partial PATCH and leaves an empty password out', async () => {
    const { fn, calls } = fakeFetch({ 'PATCH /tenantUsers/3': () => json(200, { data: { id: 3 } }) });
    vi.stubGlobal('fetch', fn);
    await dataProvider.update({ resource: 'tenantUsers', id: 3, variables: { name: 'Nurse', password: '', updated_at: 'x' } });
    expect(calls[0].body).toEqual({ name: 'Nurse' });
  });

  it('a blank required field is not sent on update (the API would refuse a blank)', () => {
    expect(writableBody('patients', { name: '', notes: '' }, 'update')).toEqual({ notes: null });
  });

  it('deleteOne sends DELETE; getOne reads data', async () => {
    const { fn, calls } = fakeFetch({
      'DELETE /drugs/4': () => json(204, null),
      'GET /drugs/4': () => json(200, { data: { id: 4, name: 'Amoxicillin' } }),
    });
    vi.stubGlobal('fetch', fn);
    await dataProvider.deleteOne({ resource: 'drugs', id: 4 });
    expect(calls[0].method).toBe('DELETE');
    expect((await dataProvider.getOne({ resource: 'drugs', id: 4 })).data).toEqual({ id: 4, name: 'Amoxicillin' });
  });

  it('never asks the server for a provisional id (a record made offline, not landed): a 404 there would leave the screen', async () => {
    const { fn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fn);
    // No device unlocked here: the device's row cannot be read either, and says so.
    await expect(dataProvider.getOne({ resource: 'payments', id: -6 })).rejects.toMatchObject({ statusCode: 0 });
    expect(calls.map((c) => c.url)).not.toContainEqual(expect.stringContaining('/payments/-6'));
  });

  it.each([
    ['GET', '/payments/-6'],
    ['GET', '/payments/-6/printed-documents'],
    ['POST', '/payments/-6/printed-documents'],
  ])('never sends a provisional id to the server in a custom call either (%s %s: a receipt printed from the page opened on it)', async (method, url) => {
    const { fn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fn);
    await dataProvider.custom!({ url, method: method.toLowerCase() as 'get' | 'post', payload: method === 'POST' ? {} : undefined }).catch(() => undefined);
    expect(calls.map((c) => c.url)).not.toContainEqual(expect.stringContaining('/payments/-6'));
  });

  it('422 comes back as a Refine HttpError with field errors', async () => {
    const { fn } = fakeFetch({ 'POST /patients': () => json(422, { message: 'invalid', errors: { name: ['Has already been taken'] } }) });
    vi.stubGlobal('fetch', fn);
    await expect(dataProvider.create({ resource: 'patients', variables: { name: 'x' } })).rejects.toMatchObject({
      statusCode: 422,
      errors: { name: ['Has already been taken'] },
    });
  });
});

// Generated from the registry where the rule is generic: bad text and malformed ids or bodies are
// refused with 4xx and change nothing, and no answer carrying clinic data may be cached. A repeated
// submission creates one record: tests/api/idempotency.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { type FieldDef, resourceActions, writableFields } from '../../src/shared/resource';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, recordCount, relationsFor, tokenFor } from './fixtures';
import { sampleInput } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());


const creatable = resources.filter((def) => resourceActions(def).includes('create'));
const TEXT = new Set(['string', 'text', 'phone', 'email', 'url']);

describe.each(creatable.map((def) => [def.name, def] as const))('%s', (_n, def) => {
  const host = hostOf(def);

  it('text with a NUL byte or another control character is refused on its field, and nothing is stored', async () => {
    const token = await tokenFor(t, def, host);
    const valid = sampleInput(def, await relationsFor(t, def, host));
    const before = await recordCount(t, def, host, token);
    const fields = writableFields(def).filter(([, f]) => TEXT.has(f.type));
    for (const [name] of fields) {
      for (const bad of ['a\u0000b', 'x\u0007', 'lone \uD800 surrogate']) {
        const res = await t.call('POST', `/${def.path}`, { host, token, body: { ...valid, [name]: bad } });
        expect(res.status, `${name} ${JSON.stringify(bad)}`).toBe(422);
        expect(Object.keys(res.body.errors ?? {})).toContain(name);
      }
    }
    // Inside a list's items too (a prescription's dose).
    for (const [name, field] of writableFields(def).filter(([, f]) => f.type === 'list')) {
      const [itemKey] = Object.entries(field.items ?? {}).find(([, f]: [string, FieldDef]) => TEXT.has(f.type) && !f.readOnly) ?? [];
      if (!itemKey) continue;
      const res = await t.call('POST', `/${def.path}`, { host, token, body: { ...valid, [name]: [{ [itemKey]: 'x\u0000' }] } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(`${name}.0.${itemKey}`);
    }
    expect(await recordCount(t, def, host, token)).toBe(before);
  });
});

describe.each(resources.filter((d) => resourceActions(d).includes('read')).map((def) => [def.name, def] as const))('lists of %s', (_n, def) => {
  it('refuse a NUL byte in q= and in filters with 422, and are never cached', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const q = await t.call('GET', `/${def.path}?q=a%00b`, { host, token });
    expect(q.status).toBe(422);
    expect(Object.keys(q.body.errors ?? {})).toContain('q');
    expect((await t.call('GET', `/${def.path}?filter[id]=1%00`, { host, token })).status).toBe(422);
    const list = await t.call('GET', `/${def.path}`, { host, token });
    expect(list.headers['cache-control']).toBe('no-store');
  });
});

describe('the rest of the HTTP layer', () => {
  it('refuses a NUL byte in the login username without a token', async () => {
    const res = await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'doc\u0000tor', password: 'demo-pass-1234' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toContain('username');
  });

  it('answers 404 to non-canonical ids on hand-written routes, and changes nothing', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    const clinics = (await t.call('GET', '/tenants?per_page=500', { token: owner })).body.data as { id: number; subscription_end: string | null }[];
    const before = JSON.stringify(clinics);
    for (const id of ['0x1', '01', '%201', '1e0', '+1', '1.0', `0${clinics[0].id}`]) {
      expect((await t.call('POST', `/tenants/${id}/renew`, { token: owner })).status, id).toBe(404);
      expect((await t.call('PUT', `/tenants/${id}/plan`, { token: owner, body: { plan_id: 1 } })).status, id).toBe(404);
      expect((await t.call('GET', `/uploads/${id}`, { token: owner })).status, id).toBe(404);
    }
    const doctor = await t.login(DEMO, 'doctor');
    expect((await t.call('GET', '/permissions/user/01', { host: DEMO, token: doctor })).status).toBe(404);
    expect((await t.call('POST', '/visitings/0x1/prints', { host: DEMO, token: doctor })).status).toBe(404);
    expect(JSON.stringify((await t.call('GET', '/tenants?per_page=500', { token: owner })).body.data)).toBe(before);
  });

  it('answers 4xx, never 500, to malformed multipart bodies', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    for (const [type, raw] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ncut short'],
      ['multipart/form-data; boundary=xyz', 'garbage without parts'],
    ]) {
      const res = await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: raw, contentType: type });
      expect(res.status, `${type} ${raw}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${raw}`).toBeLessThan(500);
    }
  });

  it('never lets a browser keep clinic data: no-store on records and errors, private no-store on private files', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    expect((await t.call('GET', `/patients/${patient.id}`, { host: DEMO, token: doctor })).headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/patients/999999', { host: DEMO, token: doctor })).headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/auth/tenant/user', { host: DEMO, token: doctor })).headers['cache-control']).toBe('no-store');
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const boundary = 'b0undary';
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const file = await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: body, contentType: `multipart/form-data; boundary=${boundary}` });
    const id = (file.body.data as { id: number }).id;
    expect((await t.call('GET', `/uploads/${id}`, { host: DEMO, token: doctor })).headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a malformed Idempotency-Key, and frees a key whose submission was refused', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    expect((await t.call('POST', '/tasks', { host: DEMO, token: doctor, body: { title: 'x' }, headers: { 'idempotency-key': 'has space' } })).status).toBe(422);
    const key = randomUUID();
    const refused = await t.call('POST', '/tasks', { host: DEMO, token: doctor, body: { title: '' }, headers: { 'idempotency-key': key } });
    expect(refused.status).toBe(422);
    const fixed = await t.call('POST', '/tasks', { host: DEMO, token: doctor, body: { title: 'Call the lab' }, headers: { 'idempotency-key': key } });
    expect(fixed.status).toBe(201);
  });
});

// The OpenAPI document against the server's real answers: every operation is called (without a
// session, on the host that serves it; every read again with one), and each answer must be one
// the document declares for that operation and status, with a body its schema accepts (Ajv, as
// the server validates). A few writes are made for real too.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { resourceActions } from '../../src/shared/resource';
import { CENTRAL, DEMO, type Reply, type TestApp, startTestApp } from './harness';
import { createRecord } from './fixtures';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: object }>; description?: string }>;
  requestBody?: { content?: Record<string, { schema: object }> };
  security?: unknown[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Doc;
let owner: string;
let boss: string;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('phone', true);
const compiled = new Map<object, ValidateFunction>();

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.call('GET', '/openapi.json')).body as unknown as Doc;
  owner = await t.login(CENTRAL, 'owner');
  boss = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

/** What is wrong with an answer: not declared for the operation and status, or a body its schema refuses. */
function mismatch(path: string, method: string, res: Reply): string | null {
  const op = doc.paths[path]?.[method.toLowerCase()];
  const where = `${method} ${path} -> ${res.status}`;
  if (!op) return `${where}: no such operation`;
  const declared = op.responses[String(res.status)];
  if (!declared) return `${where} is not in the document (${Object.keys(op.responses).join(', ')}): ${res.raw.toString().slice(0, 160)}`;
  const schema = res.status === 204 ? undefined : Object.values(declared.content ?? {})[0]?.schema;
  if (!schema) return null;
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = ajv.compile(schema)));
  return check(res.body) ? null : `${where}: ${ajv.errorsText(check.errors)}: ${JSON.stringify(res.body).slice(0, 200)}`;
}

/** Checks answers, and says every mismatch at once. */
function conformance() {
  const problems: string[] = [];
  return {
    check: (path: string, method: string, res: Reply) => {
      const problem = mismatch(path, method, res);
      if (problem) problems.push(problem);
    },
    done: () => expect(problems).toEqual([]),
  };
}
const conforms = (path: string, method: string, res: Reply) => expect(mismatch(path, method, res)).toBeNull();

/** Routes whose answer is a file or a stream, not JSON: their errors are still checked. */
const NOT_JSON = [/\/export$/, /\/exports\/\{id\}\/download$/, /\/uploads\/\{id\}$/, /\/live$/, /\/offline\//, /manifest/];

describe('the document', () => {
  it('states for every operation a success answer, the error answers with their body, and the headers', () => {
    expect(operations().length).toBeGreaterThan(300);
    // A success answer with its schema (JSON), or none to have (204, a file or a stream).
    const unanswered = operations().filter(({ op }) => !Object.entries(op.responses).some(([code, r]) => /^2/.test(code) && (r.content || code === '204' || /^The file/.test(r.description ?? ''))));
    expect(unanswered.map(({ path, method }) => `${method} ${path}`)).toEqual([]);
    for (const { path, method, op } of operations()) {
      const codes = Object.keys(op.responses);
      const where = `${method} ${path}`;
      for (const code of codes.filter((c) => /^4/.test(c))) {
        const schema = Object.values(op.responses[code].content ?? {})[0]?.schema as { properties?: Record<string, unknown> } | undefined;
        expect(schema?.properties?.message, `${where} ${code}`).toBeDefined();
      }
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
      expect(headers, where).toContain('accept-language');
      // Every write may be retried with its key (http/idempotency.ts; offline replays, issue 37).
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) expect(headers, where).toContain('idempotency-key');
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (!isPublic) expect(codes, where).toContain('401');
    }
  });

  it('states the engine routes: 201 on create, 204 on delete, 412 and If-Match on changes, the list filters and sort', () => {
    const patients = doc.paths['/api/v1/patients'];
    expect(Object.keys(patients.post.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '422']));
    const one = doc.paths['/api/v1/patients/{id}'];
    expect(Object.keys(one.delete.responses)).toEqual(expect.arrayContaining(['200', '204', '404', '409', '412']));
    for (const method of ['put', 'patch', 'delete']) expect(one[method].parameters?.map((p) => p.name.toLowerCase()), method).toContain('if-match');
    const query = patients.get.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['page', 'per_page', 'sort', 'q', 'filter[archived]']));
    expect(query.some((name) => /^filter\[\w+\]\[(gte|like|in)\]$/.test(name))).toBe(true);
    expect(doc.paths['/api/v1/auth/login'].post.security).toEqual([]);
  });
});

describe('real answers', () => {
  it('every operation, called without a session on both hosts, answers as documented', async () => {
    const answers = conformance();
    for (const { path, method } of operations()) {
      const url = path.replace('/api/v1', '').replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'ref' ? 'not-a-ref' : '1'));
      for (const host of [DEMO, CENTRAL]) {
        const res = await t.call(method, url, { host, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
        answers.check(path, method, res);
      }
    }
    answers.done();
  }, 300_000);

  it('every read, called with a session on a record that exists, answers as documented', async () => {
    // A record of each resource, to read, and the ids hand routes name.
    const ids = new Map<string, number>();
    for (const def of resources) {
      const host = def.scope === 'central' ? CENTRAL : DEMO;
      const token = def.scope === 'central' ? owner : boss;
      const list = await t.call('GET', `/${def.path}?per_page=1`, { host, token });
      let id = (list.body.data as { id: number }[] | undefined)?.[0]?.id;
      if (id === undefined && resourceActions(def).includes('create')) id = (await createRecord(t, def, host)).id;
      if (id !== undefined) ids.set(`${def.scope}:${def.path}`, id);
    }
    const queries: Record<string, string> = {
      '/api/v1/appointments/availability': '?from=2030-01-07&to=2030-01-08',
      '/api/v1/public/booking/slots': '?doctor_id=1',
    };
    let read = 0;
    const answers = conformance();
    for (const { path, method } of operations()) {
      if (method !== 'GET' || NOT_JSON.some((re) => re.test(path)) || path.endsWith('/openapi.json')) continue;
      for (const [host, token, scope] of [
        [DEMO, boss, 'tenant'],
        [CENTRAL, owner, 'central'],
      ] as const) {
        const base = path.replace('/api/v1/', '').split('/')[0];
        const id = ids.get(`${scope}:${base}`) ?? ids.get(`${scope}:${path.replace('/api/v1/', '').split('/{')[0]}`) ?? 1;
        const url = path.replace('/api/v1', '').replace(/\{id\}/g, String(id)).replace(/\{ref\}/g, 'not-a-ref') + (queries[path] ?? '');
        const res = await t.call('GET', url, { host, token });
        answers.check(path, 'GET', res);
        if (res.status === 200) read++;
      }
    }
    answers.done();
    // Most reads answered with data, not an error (the rest checked as their errors).
    expect(read).toBeGreaterThan(150);
  }, 300_000);

  it('every write taking a JSON body, called with a session and a body that is not an object or has an unknown field, is refused as documented', async () => {
    // Refused before its handler runs (403, 404, or 422 naming the input), so nothing is changed:
    // the defect class of a refund made from a `null` body, or an export taking `tenant_id`.
    const writes = operations().filter(({ method, op }) => method !== 'DELETE' && !!op.requestBody?.content?.['application/json']);
    expect(writes.length).toBeGreaterThan(100);
    const answers = conformance();
    const wrong: string[] = [];
    for (const { path, method } of writes) {
      const url = path.replace('/api/v1', '').replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'ref' ? 'not-a-ref' : '1'));
      for (const [host, token] of [
        [DEMO, boss],
        [CENTRAL, owner],
      ] as const) {
        const notObject = await t.call(method, url, { host, token, rawBody: 'null', contentType: 'application/json' });
        answers.check(path, method, notObject);
        if (![403, 404, 422].includes(notObject.status)) wrong.push(`${method} ${path} (${host}) null -> ${notObject.status}`);
        if (notObject.status === 404) continue;
        const unknown = await t.call(method, url, { host, token, body: { no_such_field: 1 } });
        answers.check(path, method, unknown);
        const named = unknown.status !== 422 || Object.keys(unknown.body.errors ?? {}).includes('no_such_field');
        if (![403, 404, 422].includes(unknown.status) || !named) wrong.push(`${method} ${path} (${host}) unknown field -> ${unknown.status} ${JSON.stringify(unknown.body.errors ?? {})}`);
      }
    }
    answers.done();
    expect(wrong).toEqual([]);
  }, 300_000);

  it('writes made for real answer as documented: login, create, change, refund, archive or delete', async () => {
    const login = await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'secretary', password: 'wrong password here' } });
    conforms('/api/v1/auth/tenant/login', 'POST', login);
    const patient = await createRecord(t, resources.find((d) => d.name === 'patients')!, DEMO);
    const changed = await t.call('PATCH', `/patients/${patient.id}`, { host: DEMO, token: boss, body: { notes: 'Seen at the desk' } });
    conforms('/api/v1/patients/{id}', 'PATCH', changed);
    const stale = await t.call('PATCH', `/patients/${patient.id}`, { host: DEMO, token: boss, body: { notes: 'Again' }, headers: { 'If-Match': '"1"' } });
    expect(stale.status).toBe(412);
    conforms('/api/v1/patients/{id}', 'PATCH', stale);
    const payment = await createRecord(t, resources.find((d) => d.name === 'payments')!, DEMO);
    const refund = await t.call('POST', `/payments/${payment.id}/refund`, { host: DEMO, token: boss });
    expect(refund.status).toBe(201);
    conforms('/api/v1/payments/{id}/refund', 'POST', refund);
    const removed = await t.call('DELETE', `/patients/${patient.id}`, { host: DEMO, token: boss });
    expect([200, 204]).toContain(removed.status);
    conforms('/api/v1/patients/{id}', 'DELETE', removed);
    const user = await t.call('GET', '/auth/tenant/user', { host: DEMO, token: boss });
    conforms('/api/v1/auth/tenant/user', 'GET', user);
    const out = await t.call('POST', '/auth/tenant/logout', { host: DEMO, token: await t.login(DEMO, 'nurse') });
    expect(out.status).toBe(204);
    conforms('/api/v1/auth/tenant/logout', 'POST', out);
  });
});

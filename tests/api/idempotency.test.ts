// Generated from the registry: a repeated submission creates one record, for every resource that
// can be created. The same Idempotency-Key twice in a row answers the first answer; twice at once
// (a double-click) one of them waits for the other, which on PostgreSQL arrive on two connections:
// apart from tests/api/http-guarantees.test.ts so the PostgreSQL pass (tests/api/passes.ts) runs
// this and not the rest of the HTTP layer again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { resourceActions } from '../../src/shared/resource';
import { type TestApp, startTestApp } from './harness';
import { hostOf, recordCount, relationsFor, tokenFor } from './fixtures';
import { sampleInput } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());


const creatable = resources.filter((def) => resourceActions(def).includes('create'));

describe.each(creatable.map((def) => [def.name, def] as const))('%s', (_n, def) => {
  const host = hostOf(def);

  it('the same Idempotency-Key twice, in a row or at once, creates one record and answers the same', async () => {
    const token = await tokenFor(t, def, host);
    const body = sampleInput(def, await relationsFor(t, def, host));
    const before = await recordCount(t, def, host, token);
    const key = randomUUID();
    const first = await t.call('POST', `/${def.path}`, { host, token, body, headers: { 'idempotency-key': key } });
    expect([201, 202], JSON.stringify(first.body)).toContain(first.status);
    const again = await t.call('POST', `/${def.path}`, { host, token, body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // A double-click: both arrive together.
    const both = randomUUID();
    const body2 = sampleInput(def, await relationsFor(t, def, host));
    const [a, b] = await Promise.all([0, 1].map(() => t.call('POST', `/${def.path}`, { host, token, body: body2, headers: { 'idempotency-key': both } })));
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    if (first.status === 201) expect(await recordCount(t, def, host, token)).toBe(before + 2);
    // The same key with other data is refused.
    const other = await t.call('POST', `/${def.path}`, { host, token, body: sampleInput(def, await relationsFor(t, def, host)), headers: { 'idempotency-key': key } });
    expect(other.status).toBe(422);
  });
});

// A client reference sent twice makes one record (issue 37): a device's outbox resends a write
// whose answer was lost, with another Idempotency-Key, or two of its sends arrive at once, which on
// PostgreSQL come on two connections. Apart from tests/api/offline-writes.test.ts so the PostgreSQL
// pass (tests/api/passes.ts) runs this and not the rest of the offline writes again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import type { ResourceDef } from '../../src/shared/resource';
import { DEMO, type Reply, type TestApp, startTestApp } from './harness';
import { recordCount, relationsFor } from './fixtures';
import { sampleInput } from './samples';

let t: TestApp;
let doctor: string;
beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
});
afterAll(() => t?.close());

const offline = resources.filter((def) => def.offline);


async function body(def: ResourceDef): Promise<Record<string, unknown>> {
  return sampleInput(def, await relationsFor(t, def, DEMO));
}

const dataOf = (res: Reply) => res.body.data as { id: number; client_ref?: string | null } & Record<string, unknown>;

describe.each(offline.map((def) => [def.name, def] as const))('%s (offline)', (_n, def) => {
  it('a client reference sent twice, in a row or at once, makes one record and answers it both times', async () => {
    const ref = randomUUID();
    const input = { ...(await body(def)), client_ref: ref };
    const before = await recordCount(t, def, DEMO, doctor);
    const first = await t.call('POST', `/${def.path}`, { host: DEMO, token: doctor, body: input, headers: { 'idempotency-key': randomUUID() } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(dataOf(first).client_ref).toBe(ref);
    // The answer was lost and the outbox's key with it (another key): still the same record.
    const again = await t.call('POST', `/${def.path}`, { host: DEMO, token: doctor, body: input, headers: { 'idempotency-key': randomUUID() } });
    expect(again.status).toBe(201);
    expect(dataOf(again).id).toBe(dataOf(first).id);
    // Upper case is the same UUID.
    const upper = await t.call('POST', `/${def.path}`, { host: DEMO, token: doctor, body: { ...input, client_ref: ref.toUpperCase() } });
    expect(dataOf(upper).id).toBe(dataOf(first).id);
    expect(await recordCount(t, def, DEMO, doctor)).toBe(before + 1);

    const both = { ...(await body(def)), client_ref: randomUUID() };
    const [a, b] = await Promise.all([0, 1].map(() => t.call('POST', `/${def.path}`, { host: DEMO, token: doctor, body: both })));
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201]);
    expect(dataOf(a).id).toBe(dataOf(b).id);
    expect(await recordCount(t, def, DEMO, doctor)).toBe(before + 2);
  });
});

// A list page's statement is compiled once per shape and kept, its values bound per request
// (engine/kept-statements.ts). What must hold: each clinic, in turn on the same kept statement,
// sees only its own rows and its own titles; a filter's value, the page and the caller are the
// request's own; and a kept statement is what a fresh build gives (under the tests every kept
// statement is also built afresh and compared: a difference fails the request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { keptShapes } from '../../src/server/engine/kept-statements';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord, tokenFor } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

interface Visit {
  id: number;
  patient_id: number;
}

describe('kept list statements', () => {
  it('two clinics in turn on one kept statement each see only their own rows and titles', async () => {
    const visitings = resourceByName('visitings');
    const clinics = await Promise.all(
      [DEMO, OTHER].map(async (host) => {
        const token = await tokenFor(t, visitings, host);
        const visit = (await createRecord(t, visitings, host)) as unknown as Visit;
        const patient = (await t.call('GET', `/patients/${visit.patient_id}`, { host, token })).body.data as { name: string };
        return { host, token, visit, patient };
      }),
    );
    const shapesBefore = keptShapes();
    let shapesAfterFirst = 0;
    for (let round = 0; round < 6; round++) {
      for (const [i, c] of clinics.entries()) {
        const other = clinics[1 - i];
        const mine = await t.call('GET', `/visitings?filter[patient_id]=${c.visit.patient_id}`, { host: c.host, token: c.token });
        expect(mine.status).toBe(200);
        expect((mine.body.data as Visit[]).map((v) => v.id)).toEqual([c.visit.id]);
        expect(mine.body.labels).toEqual({ patient_id: { [String(c.visit.patient_id)]: c.patient.name } });
        // The other clinic's patient, asked by this clinic: nothing (row-level security and the clinic's own WHERE).
        const theirs = await t.call('GET', `/visitings?filter[patient_id]=${other.visit.patient_id}`, { host: c.host, token: c.token });
        expect(theirs.body.data).toEqual([]);
      }
      if (round === 0) shapesAfterFirst = keptShapes();
    }
    // One shape for all of those requests (same filters, sort, titles; only values differ): kept
    // at the first (or by an earlier file of this process), none added after.
    expect(shapesAfterFirst - shapesBefore).toBeLessThanOrEqual(1);
    expect(shapesAfterFirst).toBeGreaterThan(0);
    expect(keptShapes()).toBe(shapesAfterFirst);
  });

  it("a page's window and an `in` filter's values are the request's own", async () => {
    const token = await t.login(DEMO, 'doctor');
    const all = (await t.call('GET', '/patients?per_page=100&sort=id', { host: DEMO, token })).body.data as { id: number }[];
    expect(all.length).toBeGreaterThan(4);
    const ids = all.map((p) => p.id);
    for (const [page, perPage] of [[1, 2], [2, 2], [3, 1], [1, 3]] as const) {
      const res = await t.call('GET', `/patients?per_page=${perPage}&page=${page}&sort=id`, { host: DEMO, token });
      expect((res.body.data as { id: number }[]).map((p) => p.id)).toEqual(ids.slice((page - 1) * perPage, page * perPage));
    }
    for (const chosen of [ids.slice(0, 2), ids.slice(2, 4), [ids[4], ids[0]]]) {
      const res = await t.call('GET', `/patients?sort=id&filter[id][in]=${chosen.join(',')}`, { host: DEMO, token });
      expect((res.body.data as { id: number }[]).map((p) => p.id)).toEqual([...chosen].sort((a, b) => a - b));
    }
  });
});

// Content declared `publicRead` (the platform's laws and their articles) is read without logging
// in, on the main host only; writing it still needs the landing page's editors.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createRecord } from './fixtures';
import { sampleInput, sampleUpdate } from './samples';

const open = resources.filter((def) => def.publicRead);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

it('the laws and their articles are the public content', () => {
  expect(open.map((d) => d.name).sort()).toEqual(['lawArticles', 'laws']);
});

it.each(open.map((def) => [def.name, def] as const))('%s: listed and shown without a session, on the main host only; never written without one', async (_n, def) => {
  const record = await createRecord(t, def, CENTRAL);
  const list = await t.call('GET', `/${def.path}?per_page=100`, { token: null });
  expect(list.status).toBe(200);
  expect((list.body.data as { id: number }[]).map((r) => r.id)).toContain(record.id);
  const one = await t.call('GET', `/${def.path}/${record.id}`, { token: null });
  expect(one.status).toBe(200);
  expect((one.body.data as { id: number }).id).toBe(record.id);
  expect((await t.call('GET', `/${def.path}`, { host: DEMO, token: null })).status).toBe(404);
  expect((await t.call('POST', `/${def.path}`, { token: null, body: sampleInput(def) })).status).toBe(401);
  expect((await t.call('PUT', `/${def.path}/${record.id}`, { token: null, body: sampleUpdate(def) })).status).toBe(401);
  expect((await t.call('DELETE', `/${def.path}/${record.id}`, { token: null })).status).toBe(401);
  // An Admin reads them but does not edit the public site.
  const admin = await t.login(CENTRAL, 'admin');
  expect((await t.call('PUT', `/${def.path}/${record.id}`, { token: admin, body: sampleUpdate(def) })).status).toBe(403);
});

it("a law's articles are listed by the law, in order", async () => {
  const law = await createRecord(t, open.find((d) => d.name === 'laws')!, CENTRAL);
  const owner = await t.login(CENTRAL, 'owner');
  for (const number of [2, 1]) {
    const res = await t.call('POST', '/lawArticles', { token: owner, body: { law_id: law.id, number, body_ckb: `ماددەی ${number}`, body_ar: `المادة ${number}`, body_en: `Article ${number}` } });
    expect(res.status).toBe(201);
  }
  const list = await t.call('GET', `/lawArticles?filter[law_id]=${law.id}&sort=number`, { token: null });
  expect((list.body.data as { number: number }[]).map((a) => a.number)).toEqual([1, 2]);
});

it('the central dashboard counts cases and laws', async () => {
  const owner = await t.login(CENTRAL, 'owner');
  const res = await t.call('GET', '/dashboard', { token: owner });
  const counts = (res.body.data as { counts: Record<string, number> }).counts;
  expect(counts.laws).toBeGreaterThan(0);
  expect(counts.cases).toBeTypeOf('number');
});

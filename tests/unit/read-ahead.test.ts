// A read asked ahead of its screen (providers/http.ts readAhead, issue 41): the screen's own call
// takes its answer (one request), unless the headers differ or a write came between.
import './helpers/env';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { api, readAhead } from '../../src/client/providers/http';
import { clearSession, setSession } from '../../src/client/providers/session';
import { setLocale } from '../../src/client/i18n';
import { fakeFetch, json } from './helpers/env';

beforeEach(async () => {
  await setLocale('en');
  setSession({ token: 'tok-1', user: null, role: 0 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const cases: { name: string; between: () => Promise<unknown> | void; asked: string; requests: number }[] = [
  { name: 'the same read, asked once', between: () => undefined, asked: '/patients?page=1', requests: 1 },
  { name: 'another query, asked again', between: () => undefined, asked: '/patients?page=2', requests: 2 },
  { name: 'another session, asked again', between: () => setSession({ token: 'tok-2' }), asked: '/patients?page=1', requests: 2 },
  { name: 'another language, asked again', between: () => setLocale('ar'), asked: '/patients?page=1', requests: 2 },
  { name: 'a write between, asked again', between: () => api('/patients', { method: 'POST', body: {} }), asked: '/patients?page=1', requests: 3 },
];

it.each(cases)('$name', async ({ between, asked, requests }) => {
  let served = 0;
  const { fn, calls } = fakeFetch({ 'GET /patients': () => json(200, { data: [{ id: ++served }] }), 'POST /patients': () => json(201, { data: {} }) });
  vi.stubGlobal('fetch', fn);
  readAhead('/patients', 'page=1');
  await between();
  const [path, query] = asked.split('?');
  await expect(api(path, { query })).resolves.toEqual({ data: [{ id: served }] });
  expect(calls.length).toBe(requests);
});

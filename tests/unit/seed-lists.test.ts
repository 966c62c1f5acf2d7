// A list's first draw with its rows when the read-ahead has them (providers/seedLists.ts, issue
// 41): a Refine list query made after the answer asked ahead is in starts with its rows and asks
// nothing more; with other headers, after a write, or for another page of the list it asks the
// server as before; and once seeded it is refetched like any answer when a write invalidates it.
import './helpers/env';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { type CrudSort, type Pagination, keys } from '@refinedev/core';
import { api, requestHeaders } from '../../src/client/providers/http';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { readAhead } from '../../src/client/providers/readAhead';
import { seedListsFromReadAhead } from '../../src/client/providers/seedLists';
import { clearSession, getSession, setSession } from '../../src/client/providers/session';
import { setLocale } from '../../src/client/i18n';
import { fakeFetch, json } from './helpers/env';

const USER = { id: 7, name: 'Doctor', username: 'doctor', role: 1 };

beforeEach(async () => {
  await setLocale('en');
  vi.stubGlobal('location', { pathname: '/patients', search: '' });
  setSession({ token: 'tok-1', user: USER, role: 1 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const sorters: CrudSort[] = [{ field: 'id', order: 'desc' }];
const firstPage: Required<Pagination> = { currentPage: 1, pageSize: 25, mode: 'server' };

/** A list query as Refine v5's useList makes it (its key and its getList). */
function listObserver(client: QueryClient, pagination: Required<Pagination>) {
  return new QueryObserver(client, {
    queryKey: keys().data('default').resource('patients').action('list').params({ filters: [], pagination, sorters }).get(),
    queryFn: () => dataProvider.getList({ resource: 'patients', pagination, filters: [], sorters }),
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

interface Case {
  name: string;
  /** Between the start (its answer in) and the list's query. */
  between?: () => Promise<unknown> | void;
  pagination?: Required<Pagination>;
  /** Whether the query's first result has the rows. */
  seeded: boolean;
  /** Requests in all: the first visit's, the start's, and any the list makes. */
  requests: number;
}

const cases: Case[] = [
  { name: 'the answer in: drawn with its rows, asked once', seeded: true, requests: 2 },
  { name: 'another language: asked again', between: () => setLocale('ar'), seeded: false, requests: 3 },
  { name: 'another session: asked again', between: () => setSession({ token: 'tok-2' }), seeded: false, requests: 3 },
  { name: 'a write between: asked again', between: () => api('/patients', { method: 'POST', body: {} }), seeded: false, requests: 4 },
  { name: 'another page: asked for it', pagination: { ...firstPage, currentPage: 2 }, seeded: false, requests: 3 },
];

it.each(cases)('$name', async ({ between, pagination = firstPage, seeded, requests }) => {
  let served = 0;
  const { fn, calls } = fakeFetch({ 'GET /patients': () => json(200, { data: [{ id: ++served }], meta: { total: 1 } }), 'POST /patients': () => json(201, { data: {} }) });
  vi.stubGlobal('fetch', fn);
  // The first visit notes the list's read; the next start asks it ahead.
  await dataProvider.getList({ resource: 'patients', pagination: firstPage, filters: [], sorters });
  readAhead(USER.id, requestHeaders(), 1_000);
  await settle();
  await between?.();
  const client = new QueryClient();
  seedListsFromReadAhead(client);
  const observer = listObserver(client, pagination);
  expect(observer.getCurrentResult().data?.data).toEqual(seeded ? [{ id: 2 }] : undefined);
  const unsubscribe = observer.subscribe(() => undefined);
  await settle();
  expect(observer.getCurrentResult().data?.data).toEqual([{ id: served }]);
  expect(calls.length).toBe(requests);
  unsubscribe();
});

it('a seeded list is asked again when a write invalidates it', async () => {
  let served = 0;
  const { fn, calls } = fakeFetch({ 'GET /patients': () => json(200, { data: [{ id: ++served }], meta: { total: 1 } }) });
  vi.stubGlobal('fetch', fn);
  await dataProvider.getList({ resource: 'patients', pagination: firstPage, filters: [], sorters });
  readAhead(USER.id, requestHeaders(), 1_000);
  await settle();
  const client = new QueryClient();
  seedListsFromReadAhead(client);
  const observer = listObserver(client, firstPage);
  const unsubscribe = observer.subscribe(() => undefined);
  expect(observer.getCurrentResult().data?.data).toEqual([{ id: 2 }]);
  await client.invalidateQueries({ queryKey: ['data', 'default', 'patients'] });
  expect(observer.getCurrentResult().data?.data).toEqual([{ id: 3 }]);
  expect(calls.length).toBe(3);
  unsubscribe();
});

it('an answer not in yet when the list is made: the list takes it when it comes (one request)', async () => {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let served = 0;
  const { fn, calls } = fakeFetch({ 'GET /patients': async () => { served++; if (served === 2) await held; return json(200, { data: [{ id: served }], meta: { total: 1 } }); } });
  vi.stubGlobal('fetch', fn);
  await dataProvider.getList({ resource: 'patients', pagination: firstPage, filters: [], sorters });
  readAhead(USER.id, requestHeaders(), 1_000);
  const client = new QueryClient();
  seedListsFromReadAhead(client);
  const observer = listObserver(client, firstPage);
  expect(observer.getCurrentResult().data).toBeUndefined();
  const unsubscribe = observer.subscribe(() => undefined);
  release();
  await settle();
  expect(observer.getCurrentResult().data?.data).toEqual([{ id: 2 }]);
  expect(calls.length).toBe(2);
  expect(getSession().user?.id).toBe(USER.id);
  unsubscribe();
});

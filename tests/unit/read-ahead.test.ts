// A page's first reads asked ahead at the app's next start on it (providers/readAhead.ts, issue
// 41): the screen's own call takes the answer (one request), unless the headers differ or a write
// came between; only the signed-in user's plain pages and their screens' own reads are noted.
import './helpers/env';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { api, requestHeaders } from '../../src/client/providers/http';
import { READS_AHEAD_KEY, readAhead } from '../../src/client/providers/readAhead';
import { clearSession, getSession, setSession } from '../../src/client/providers/session';
import { setLocale } from '../../src/client/i18n';
import { fakeFetch, json } from './helpers/env';

const USER = { id: 7, name: 'Doctor', username: 'doctor', role: 1 };
let address = { pathname: '/patients', search: '' };

beforeEach(async () => {
  await setLocale('en');
  vi.stubGlobal('location', { get pathname() { return address.pathname; }, get search() { return address.search; } });
  address = { pathname: '/patients', search: '' };
  setSession({ token: 'tok-1', user: USER, role: 1 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearSession();
});

interface Case {
  name: string;
  /** How the first visit read (the screen's own call by default). */
  first?: () => Promise<unknown>;
  /** Between the two visits (before the app's next start). */
  before?: () => Promise<unknown> | void;
  /** Between the start and the screen's call. */
  between?: () => Promise<unknown> | void;
  asked?: string;
  /** Requests in all: the first visit's, the start's and the screen's. */
  requests: number;
  /** Whether the first visit left a note for the page. */
  noted?: boolean;
}

const screen = (query = 'page=1') => api('/patients', { query, refine: true });
const cases: Case[] = [
  { name: 'the same read: asked once, ahead', requests: 2 },
  { name: 'another query: asked again', asked: 'page=2', requests: 3 },
  { name: 'another session: asked again', between: () => setSession({ token: 'tok-2' }), requests: 3 },
  { name: 'another language: asked again', between: () => setLocale('ar'), requests: 3 },
  { name: 'a write between: asked again', between: () => api('/patients', { method: 'POST', body: {} }), requests: 4 },
  { name: 'signed out and in again: nothing noted', before: () => { clearSession(); setSession({ token: 'tok-1', user: USER, role: 1 }); }, requests: 2 },
  { name: "another user's start: nothing asked", before: () => setSession({ user: { ...USER, id: 8 } }), requests: 2 },
  { name: 'a start-up (quiet) read: not noted', first: () => api('/patients', { query: 'page=1', quiet: true }), requests: 2, noted: false },
  // The list writes its page and sort into the address as it asks: still the page's read.
  { name: 'a query the page wrote in its address: still noted', first: () => { address.search = '?current=1'; return screen(); }, before: () => void (address.search = ''), requests: 2 },
  { name: 'a start at an address with a query: nothing asked', before: () => void (address.search = '?current=2'), requests: 2 },
  { name: 'a search: not noted', first: () => screen('q=ahmad'), asked: 'q=ahmad', requests: 2, noted: false },
];

const notedPages = () => Object.keys((JSON.parse(localStorage.getItem(READS_AHEAD_KEY) ?? '{}') as { pages?: object }).pages ?? {});

it.each(cases)('$name', async ({ first = screen, before, between, asked = 'page=1', requests, noted = true }) => {
  let served = 0;
  const { fn, calls } = fakeFetch({ 'GET /patients': () => json(200, { data: [{ id: ++served }] }), 'POST /patients': () => json(201, { data: {} }) });
  vi.stubGlobal('fetch', fn);
  await first();
  expect(notedPages()).toEqual(noted ? ['/patients'] : []);
  await before?.();
  const { token, user } = getSession();
  if (token && user) readAhead(user.id, requestHeaders(), 1_000);
  await between?.();
  await expect(screen(asked)).resolves.toEqual({ data: [{ id: served }] });
  expect(calls.length).toBe(requests);
});

it("forgets a page's note when its read asked ahead was not taken", async () => {
  const { fn, calls } = fakeFetch({ 'GET /patients': () => json(200, { data: [] }) });
  vi.stubGlobal('fetch', fn);
  await screen();
  expect(JSON.parse(localStorage.getItem(READS_AHEAD_KEY) ?? '{}').pages).toEqual({ '/patients': ['/api/v1/patients?page=1'] });
  vi.useFakeTimers();
  readAhead(USER.id, requestHeaders(), 1_000);
  vi.advanceTimersByTime(10_000);
  expect(calls.length).toBe(2);
  expect(JSON.parse(localStorage.getItem(READS_AHEAD_KEY) ?? '{}').pages).toEqual({});
});

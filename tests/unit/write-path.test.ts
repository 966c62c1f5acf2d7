// The client's one write path (docs/architecture.md#the-write-path): screens and engine parts
// reach the API only through Refine's data provider (its CRUD, or `custom` by useAction, useAsk,
// useApiGet), never through the transport or fetch themselves; and `custom` carries what the
// transport carries (headers, FormData, 204, files, field errors, quiet reads).
import './helpers/env';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { ApiError, type FileAnswer } from '../../src/client/providers/http';
import { setToastSink } from '../../src/client/providers/notify';
import { clearSession, setSession } from '../../src/client/providers/session';
import { setLocale } from '../../src/client/i18n';
import { fakeFetch, json } from './helpers/env';

const ROOT = join(__dirname, '../..');
const SCREENS = ['src/client/pages', 'src/client/engine', 'src/client/layout'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What in a source goes around the data provider: the transport's `api`, `download`, or fetch. */
export function bypasses(text: string): string[] {
  const found: string[] = [];
  if (/\bapi\s*(<[^>]*>)?\s*\(/.test(text)) found.push('api()');
  if (/(^|[^.\w])fetch\s*\(/m.test(text)) found.push('fetch()');
  if (/import\s*\{[^}]*\b(api|download)\b[^}]*\}\s*from\s*'[./]*providers\/http'/.test(text)) found.push('imports the transport');
  if (/new\s+XMLHttpRequest\b/.test(text)) found.push('XMLHttpRequest');
  return found;
}

describe('the write path', () => {
  it.each([
    ["await api('/x', { method: 'POST' })", ['api()']],
    ['api<{ data: T }>(path)', ['api()']],
    ["fetch(url, { headers })", ['fetch()']],
    ["import { api } from '../providers/http';", ['imports the transport']],
    ["import { ApiError, download } from '../../providers/http';", ['imports the transport']],
    ['const x = new XMLHttpRequest()', ['XMLHttpRequest']],
    // Refine's own refetch, our read hook and the types of the transport are not a bypass.
    ['void tableQuery.refetch()', []],
    ['useLiveRefetch(liveOn, q.refetch)', []],
    ["import { ApiError, newIdempotencyKey } from '../providers/http';", []],
    ['const { data } = useApiGet(path)', []],
  ])('tells a bypass in %s', (text, expected) => {
    expect(bypasses(text)).toEqual(expected);
  });

  it('no screen or engine part calls the API around the data provider', () => {
    const offenders = SCREENS.flatMap((dir) => sources(join(ROOT, dir)))
      .map((file) => [relative(ROOT, file), bypasses(readFileSync(file, 'utf8'))] as const)
      .filter(([, found]) => found.length)
      .map(([file, found]) => `${file}: ${found.join(', ')}`);
    expect(offenders).toEqual([]);
  });
});

describe("the data provider's custom call", () => {
  beforeEach(() => {
    clearSession();
    setToastSink(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToastSink(null);
  });

  it('sends the session, the language and the caller’s headers, a JSON body, and answers 204 with no data', async () => {
    await setLocale('ar');
    setSession({ token: 'tok-1' });
    const { fn, calls } = fakeFetch({ 'POST /payments/4/refund': () => json(204, null) });
    vi.stubGlobal('fetch', fn);
    const answer = await dataProvider.custom!({ url: '/payments/4/refund', method: 'post', payload: { amount: 5 }, headers: { 'Idempotency-Key': 'k-1', 'If-Match': '"3"' } });
    expect(answer.data).toBeUndefined();
    const [call] = calls;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ amount: 5 });
    expect(call.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Accept-Language': 'ar', 'Idempotency-Key': 'k-1', 'If-Match': '"3"', 'Content-Type': 'application/json' });
  });

  it('puts a read’s query in the address, in order, leaving out empty values', async () => {
    const { fn, calls } = fakeFetch({ 'GET /messages': () => json(200, { data: [] }) });
    vi.stubGlobal('fetch', fn);
    await dataProvider.custom!({ url: '/messages', method: 'get', query: { 'filter[status]': 'pending', q: '', per_page: 1 } });
    expect(decodeURIComponent(calls[0].url)).toBe('/api/v1/messages?filter[status]=pending&per_page=1');
  });

  it('fails with our HttpError and its field errors; Refine tells it, the transport does not', async () => {
    const toasts: string[] = [];
    setToastSink((_, text) => toasts.push(text));
    const { fn } = fakeFetch({ 'POST /payments/4/refund': () => json(422, { message: 'Invalid', errors: { amount: 'Too much' } }) });
    vi.stubGlobal('fetch', fn);
    const err = await dataProvider.custom!({ url: '/payments/4/refund', method: 'post', payload: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: 422, errors: { amount: ['Too much'] }, message: 'Too much' });
    expect(toasts).toEqual([]);
  });

  it('names the screen a 500 is answered with, except on a quiet read', async () => {
    const { fn } = fakeFetch({ 'GET /basedashboard': () => json(500, { message: 'Boom' }) });
    vi.stubGlobal('fetch', fn);
    const loud = (await dataProvider.custom!({ url: '/basedashboard', method: 'get' }).catch((e: unknown) => e)) as ApiError;
    expect(loud.screen).toBe('/500');
    const quiet = (await dataProvider.custom!({ url: '/basedashboard', method: 'get', meta: { quiet: true } }).catch((e: unknown) => e)) as ApiError;
    expect(quiet.screen).toBeUndefined();
    expect(quiet.message).toBe('Boom');
  });

  it('answers a file with its bytes and the name the server gives', async () => {
    const { fn, calls } = fakeFetch({
      'GET /patients/export': () => new Response('a,b\n1,2\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="patients-2026.csv"' } }),
    });
    vi.stubGlobal('fetch', fn);
    const { data } = await dataProvider.custom!<FileAnswer & Record<string, unknown>>({ url: '/patients/export', method: 'get', headers: { Accept: 'text/csv' }, meta: { file: true } });
    expect(data.name).toBe('patients-2026.csv');
    expect(await data.blob.text()).toBe('a,b\n1,2\n');
    expect(calls[0].headers.Accept).toBe('text/csv');
  });
});

import './helpers/env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../src/client/providers/http';
import { registerNavigate } from '../../src/client/providers/navigation';
import { setToastSink } from '../../src/client/providers/notify';
import { clearSession, getSession, setSession } from '../../src/client/providers/session';
import { isLoading } from '../../src/client/providers/loading';
import { setLocale } from '../../src/client/i18n';
import { fakeFetch, json } from './helpers/env';

describe('HTTP layer: global response handling', () => {
  let toasts: [string, string][];
  let navigations: string[];

  beforeEach(async () => {
    toasts = [];
    navigations = [];
    setToastSink((type, text) => toasts.push([type, text]));
    registerNavigate((to) => navigations.push(to));
    await setLocale('en');
    clearSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToastSink(null);
    registerNavigate(null);
  });

  async function failWith(status: number, opts: Parameters<typeof api>[1] = {}, body: unknown = { message: `boom ${status}` }) {
    const { fn } = fakeFetch({ 'GET /thing': () => json(status, body) });
    vi.stubGlobal('fetch', fn);
    return api('/thing', opts).then(
      () => null,
      (err: unknown) => err as ApiError,
    );
  }

  it('sends the JSON, language and bearer headers', async () => {
    setSession({ token: 'tok-1', user: null, role: 0 });
    await setLocale('ar');
    const { fn, calls } = fakeFetch({ 'GET /thing': () => json(200, { ok: true }) });
    vi.stubGlobal('fetch', fn);
    await expect(api('/thing')).resolves.toEqual({ ok: true });
    expect(calls[0].url).toBe('/api/v1/thing');
    expect(calls[0].headers).toMatchObject({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': 'ar',
      Authorization: 'Bearer tok-1',
    });
  });

  it('401 with a session clears it and goes to login; the error still reaches the caller', async () => {
    setSession({ token: 'tok', user: { id: 1, name: 'A', username: 'a', role: 0 }, role: 0 });
    const err = await failWith(401);
    expect(err).toBeInstanceOf(ApiError);
    expect(err?.statusCode).toBe(401);
    expect(getSession()).toMatchObject({ token: null, user: null, role: 4 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigations).toEqual(['/login']);
    expect(toasts).toEqual([]);
  });

  it('401 without a session (a failed login) shows the server message', async () => {
    const err = await failWith(401, {}, { message: 'The username or password is incorrect' });
    expect(err?.statusCode).toBe(401);
    expect(navigations).toEqual([]);
    expect(toasts).toEqual([['error', 'Error: The username or password is incorrect']]);
  });

  it.each([
    [500, '/500'],
    [418, '/418'],
    [417, '/417'],
  ])('%i goes to its screen', async (status, path) => {
    const err = await failWith(status);
    expect(err?.statusCode).toBe(status);
    expect(navigations).toEqual([path]);
    expect(toasts).toEqual([]);
  });

  it('404 on a record fetch shows the not-found screen; elsewhere a toast', async () => {
    expect((await failWith(404, { record: true }))?.statusCode).toBe(404);
    expect(navigations).toEqual(['/404']);
    await failWith(404);
    expect(toasts).toEqual([['error', 'Error: boom 404']]);
  });

  it('422 returns the field errors and shows no toast', async () => {
    const err = await failWith(422, {}, { message: 'The given data was invalid', errors: { name: ['This field is required'], age: 'Must be a number' } });
    expect(err?.statusCode).toBe(422);
    expect(err?.errors).toEqual({ name: ['This field is required'], age: ['Must be a number'] });
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('any other failure is a red toast with the server message', async () => {
    const err = await failWith(403, {}, { message: 'You do not have permission to do this' });
    expect(err?.message).toBe('You do not have permission to do this');
    expect(toasts).toEqual([['error', 'Error: You do not have permission to do this']]);
  });

  it("a failure with no response is a toast in the reader's language, not the browser's words", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const err = await api('/thing').then(
      () => null,
      (e: unknown) => e as ApiError,
    );
    expect(err?.statusCode).toBe(0);
    expect(toasts).toEqual([['error', 'Error: The server could not be reached. Check the connection and try again.']]);
    expect(isLoading()).toBe(false);
  });

  it('quiet (start-up) loads neither toast nor navigate', async () => {
    await failWith(500, { quiet: true });
    await failWith(403, { quiet: true });
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('the error prefix follows the language', async () => {
    await setLocale('ckb');
    await failWith(409, {}, { message: 'x' });
    expect(toasts[0][1]).toBe('هەڵە: x');
  });

  it('sets the global loading flag while a request is in flight', async () => {
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((r) => (release = r)));
    const pending = api('/slow');
    expect(isLoading()).toBe(true);
    release(json(200, {}));
    await pending;
    expect(isLoading()).toBe(false);
  });
});

// The one HTTP client for the v1 API (same origin, /api/v1) with the global response handling of
// docs/architecture.md#the-failure-policy: 401 clears the session and goes to login; 500, 418, 417 go to their screens;
// 404 on a record fetch goes to the not-found screen; 422 carries the field errors; any other
// failure shows a red "Error: " toast. The error is always thrown on to the caller.
// Calls made by Refine's data hooks (the data provider's) are told by Refine instead: its
// notificationProvider shows the toast and authProvider.onError goes to the error's `screen`.
import type { HttpError } from '@refinedev/core';
import { currentLang, translate } from '../i18n';
import { beginLoading } from './loading';
import { goTo } from './navigation';
import { loginPathHere, markSessionEnded } from './returnPath';
import { toast } from './notify';
import { clearSession, getSession } from './session';
import { noteAnswer, noteNoAnswer, offlineSince } from '../offline/link';
import { takeAhead } from './readAhead';

export const API_BASE = '/api/v1';
/** How long a read waits for the server; once it has not answered, how long a read tries it. */
export const READ_TIMEOUT_MS = 15_000;
export const OFFLINE_READ_TIMEOUT_MS = 4_000;
/**
 * How long a record's create or change waits for its answer (the data provider's writes, each
 * under an Idempotency-Key): past it the write counts as unanswered, as when the link is cut, and
 * goes where such a write goes: this device's outbox under the same key (the server makes one
 * record of it, however many times it came), or refused as needing the server. A link that took
 * the request and never answered left the Save button busy for good.
 */
export const WRITE_TIMEOUT_MS = 20_000;

export class ApiError extends Error implements HttpError {
  statusCode: number;
  errors?: Record<string, string[]>;
  /** 412: the record as it is now (someone else saved it since it was loaded). */
  current?: Record<string, unknown>;
  /** 412: the record this edit was based on (the version its If-Match named). */
  base?: Record<string, unknown>;
  /** The screen this failure is answered with instead of a toast (see screenOf). */
  screen?: Screen;
  constructor(message: string, statusCode: number, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    if (errors) this.errors = errors;
  }
}

/** An Idempotency-Key as this app makes them, which a record may take as its client_ref. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; a plain-http clinic has none). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Shaped as a version 4 UUID all the same: a record made offline is named by its key (client_ref).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query string without the leading "?". */
  query?: string;
  headers?: Record<string, string>;
  /** A record fetch: a 404 shows the not-found screen. */
  record?: boolean;
  /** Background load (start-up, initial data): no toast, no navigation; failures only thrown. */
  quiet?: boolean;
  /** The caller shows a 412 itself (the form's conflict dialog): no toast for it. */
  conflictShown?: boolean;
  /**
   * A call from Refine's data hooks: the failure is told by Refine (notificationProvider,
   * authProvider.onError), not here. Its message is what the user should read: the field
   * messages of a 422, nothing when a screen answers it.
   */
  refine?: boolean;
  /** Gives up after this long (a hanging server, issue 36): the call fails as if unreachable. */
  timeoutMs?: number;
  /** The answer is a file (an export, a stored upload): resolves with its bytes and name. */
  file?: boolean;
}

/** A file the API answered with: its bytes and the name its Content-Disposition gives (if any). */
export interface FileAnswer {
  blob: Blob;
  name?: string;
}

/** The name in `Content-Disposition: inline; filename*=UTF-8''<name>` (or a plain filename="..."). */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return undefined;
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

/** Where the app answers a failure instead of a toast: login (the session ended) or an error screen. */
export type Screen = 'login' | '/500' | '/418' | '/417' | '/404';

export function screenOf(status: number, opts: RequestOptions, hadToken: boolean): Screen | undefined {
  if (status === 401) return hadToken ? 'login' : undefined;
  if (status === 500 || status === 418 || status === 417) return `/${status}`;
  if (status === 404 && opts.record) return '/404';
  return undefined;
}

/** The server ended the session (expired, revoked): login will say so and return here after. */
export function endSession(): void {
  clearSession();
  markSessionEnded();
}

export function requestHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': currentLang(),
  };
  const { token } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;
  return { ...headers, ...extra };
}

export function errorText(prefixless: string): string {
  return `${translate('common.errorPrefix', 'Error: ')}${prefixless}`;
}

/** What to do with a failed response; exported for the unit tests. */
export function handleFailure(status: number, message: string, opts: RequestOptions, hadToken: boolean): void {
  const screen = screenOf(status, opts, hadToken);
  if (screen === 'login') {
    endSession();
    if (!opts.quiet) goTo(loginPathHere());
    return;
  }
  if (opts.quiet) return;
  if (screen) return goTo(screen);
  if (status === 422 || (status === 412 && opts.conflictShown)) return;
  toast('error', errorText(message));
}

/** What Refine's toast says of a failure: nothing when a screen answers it, else a 422's field messages. */
function toldByRefine(message: string, errors: Record<string, string[]> | undefined, screen: Screen | undefined): string {
  if (screen) return '';
  const messages = [...new Set(Object.values(errors ?? {}).flat())];
  return messages.length ? messages.join(' ') : message;
}

export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${opts.query ? `?${opts.query}` : ''}`;
  const init: RequestInit = { method: opts.method ?? 'GET', headers: requestHeaders(opts.headers) };
  // A read gives up when a hanging server keeps it waiting (sooner once it is known not to
  // answer): the screen then shows what the device keeps (offline/, issue 36).
  const timeoutMs = opts.timeoutMs ?? (init.method === 'GET' ? (offlineSince() ? OFFLINE_READ_TIMEOUT_MS : READ_TIMEOUT_MS) : undefined);
  if (timeoutMs) init.signal = AbortSignal.timeout(timeoutMs);
  if (opts.body instanceof FormData) init.body = opts.body;
  else if (opts.body !== undefined) {
    init.body = JSON.stringify(opts.body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const { token, user } = getSession();
  const hadToken = !!token;
  // A page's own reads (not start-up's quiet ones, nor files) are noted to be asked ahead next time.
  const noted = opts.quiet || opts.file || Object.keys(opts.headers ?? {}).length ? undefined : user?.id;
  const done = beginLoading();
  let response: Response;
  try {
    response = await (takeAhead(url, init, noted) ?? fetch(url, init));
  } catch (err) {
    done();
    noteNoAnswer();
    // The browser's own words ("Failed to fetch") say nothing to a desk: the reader's language does.
    const text = translate('errors.network', err instanceof Error ? err.message : String(err));
    if (!opts.quiet && !opts.refine) toast('error', errorText(text));
    throw new ApiError(text, 0);
  }
  noteAnswer();
  try {
    if (response.ok && opts.file) return { blob: await response.blob(), name: dispositionName(response.headers.get('content-disposition')) } as T;
    const body = await readBody(response);
    if (response.ok) return body as T;
    const data = (body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const message = typeof data.message === 'string' && data.message ? data.message : response.statusText || String(response.status);
    const errors = response.status === 422 ? normalizeErrors(data.errors) : undefined;
    const screen = screenOf(response.status, opts, hadToken);
    if (!opts.refine) handleFailure(response.status, message, opts, hadToken);
    const error = new ApiError(opts.refine ? toldByRefine(message, errors, screen) : message, response.status, errors);
    if (screen) error.screen = screen;
    if (response.status === 412 && data && typeof (data as { data?: unknown }).data === 'object') error.current = (data as { data: Record<string, unknown> }).data;
    throw error;
  } finally {
    done();
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

function normalizeErrors(errors: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    out[field] = Array.isArray(value) ? value.map(String) : [String(value)];
  }
  return out;
}

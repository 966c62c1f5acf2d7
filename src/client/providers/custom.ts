// The data provider's `custom`: every call to an endpoint that is not a resource's CRUD (refund,
// renew, approve, a report, a file) goes through here, from Refine's useCustom and
// useCustomMutation (engine/useAction.ts, engine/useApiGet.ts) and, before Refine is loaded, from
// the public screens' provider (publicSite.ts). It carries what the transport (http.ts) carries:
// the session's token, Accept-Language, the caller's headers (Idempotency-Key, If-Match), a
// FormData body as it is (uploads), 204 as no data, a failure as an ApiError with its field errors.
//
// meta.quiet: a background read whose failure the screen shows its own way (no toast, no error
// screen; the session still ends on a 401). meta.file: the answer is a file ({ blob, name }).
import type { BaseRecord, CustomParams, CustomResponse } from '@refinedev/core';
import { API_BASE, ApiError, WRITE_TIMEOUT_MS, api } from './http';
import { offlineSince } from '../offline/link';
import { isComputedAnswer, isKeptAnswer } from '../../shared/workingSet';

type Query = Record<string, string | number | undefined>;

export interface CustomMeta {
  quiet?: boolean;
  file?: boolean;
}

/** A query string in the given order; absent and empty values are left out. */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.append(name, String(value));
  return params.toString();
}

/** A record named by its provisional (negative) id: see offline/provisional.ts. */
const PROVISIONAL = /^\/[a-z0-9-]+\/-\d+(\/|$)/;

/** `deadline`: a write that gives up past WRITE_TIMEOUT_MS as unanswered (actionKeys.ts). */
export async function customRequest<T = BaseRecord>({ url, method, payload, query, headers, meta }: CustomParams, deadline = false): Promise<CustomResponse<T>> {
  let path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
  const qs = query && typeof query === 'object' ? queryString(query as Query) : undefined;
  const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  if (PROVISIONAL.test(path)) {
    const named = await (await import('../offline/provisional')).provisionalPath(path, verb);
    if ('kept' in named) return { data: named.kept as unknown as T };
    path = named.path;
  }
  const { quiet, file } = (meta ?? {}) as CustomMeta;
  // An answer the device keeps (issue 36: the clinic's settings, its letterhead, its doctors) or
  // makes from its rows (the free slots) is read from it when the server does not answer, or
  // without asking while it is known not to.
  if (verb === 'GET' && ((!qs && isKeptAnswer(path)) || isComputedAnswer(path))) {
    const kept = async () => ({ data: (await (await import('../offline/reader')).offlineAnswer(path, (query ?? {}) as Query)) as T });
    if (offlineSince()) return kept();
    try {
      return await online<T>(path, verb, { payload, query: qs || undefined, headers, file, quiet });
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode !== 0) throw err;
      return kept();
    }
  }
  return online<T>(path, verb, { payload, query: qs || undefined, headers, file, quiet, timeoutMs: deadline ? WRITE_TIMEOUT_MS : undefined });
}

async function online<T>(
  path: string,
  verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  { payload, query, headers, file, quiet, timeoutMs }: { payload: unknown; query?: string; headers: unknown; file?: boolean; quiet?: boolean; timeoutMs?: number },
): Promise<CustomResponse<T>> {
  const data = await api<T>(path, {
    method: verb,
    body: payload,
    query,
    headers: headers as Record<string, string> | undefined,
    file,
    timeoutMs,
    // A quiet call fails without a toast or an error screen: told neither here nor by Refine.
    ...(quiet ? { quiet: true } : { refine: true }),
  }).catch((error: unknown) => {
    // Refine hands every failure to authProvider.onError, which shows the screen an error names.
    if (quiet && error instanceof ApiError) delete error.screen;
    throw error;
  });
  return { data };
}

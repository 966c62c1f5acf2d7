// The one way a screen writes to the API outside a generated form (refund, renew, approve, mark
// sent, restore, upload...) and asks it for something at a click (a print's data): through Refine's
// data provider (`custom`, providers/custom.ts), so whatever wraps the data provider sees every
// write. Refine tells the outcome: the success notice given here, a failure as the server's
// message (notificationProvider), a failure a screen answers by that screen (authProvider.onError);
// what the answer changed is read again (Refine's invalidation). It is busy from the call until
// that reading is done: a second tap meanwhile would act on the screen as it was before.
import { useCallback, useRef, useState } from 'react';
import { type BaseKey, type BaseRecord, type HttpError, useCustomMutation, useDataProvider, useInvalidate, useNotification, useOnError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomMeta } from '../providers/custom';

type Method = 'post' | 'put' | 'patch' | 'delete';
type Target = 'all' | 'list' | 'many' | 'detail' | 'resourceAll';

/** A resource whose data the action changed: all its queries, or the ones named. */
export type Invalidation = string | { resource: string; id?: BaseKey; invalidates?: Target[] };

/** What a failure shows: false none (the screen shows it: a form's fields); undefined Refine's toast of the server's message. */
export type FailureNotice = false | ((error: HttpError) => false | undefined);

export interface ActionNotices<T> {
  /** The success toast (already translated), or made from the answer; none when it gives nothing. */
  success?: string | ((data: T) => string | undefined);
  failure?: FailureNotice;
  invalidates?: readonly Invalidation[];
  /** The custom reads (their URLs, as given to useApiGet) the action changed. */
  refreshes?: readonly string[];
}

export interface ActionCall<T> extends ActionNotices<T> {
  url: string;
  /** POST unless said. */
  method?: Method;
  values?: unknown;
  headers?: Record<string, string>;
  meta?: CustomMeta;
}

/** A form's failure notice: its 422 goes on its fields, anything else is toasted. */
export const onFields: FailureNotice = (error) => (error.statusCode === 422 ? false : undefined);

/** Reads again the custom reads (useApiGet) of these URLs, whatever their query. */
function refreshCustom(queryClient: ReturnType<typeof useQueryClient>, urls: readonly string[]): Promise<void> {
  if (!urls.length) return Promise.resolve();
  return queryClient.invalidateQueries({
    queryKey: ['data', 'default', 'custom'],
    predicate: (q) => urls.includes(String((q.queryKey[3] as { url?: unknown } | undefined)?.url)),
  });
}

/** Reads again the custom reads (useApiGet) of these URLs, outside an action (after a decision made elsewhere). */
export function useRefreshReads(): (urls: readonly string[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((urls: readonly string[]) => refreshCustom(queryClient, urls), [queryClient]);
}

/** What a call sends, as one text; none for a body that is not plain data (a file's FormData is sent each time). */
function callKey({ url, method = 'post', values, headers }: Pick<ActionCall<unknown>, 'url' | 'method' | 'values' | 'headers'>): string | undefined {
  if (typeof FormData !== 'undefined' && values instanceof FormData) return undefined;
  return JSON.stringify([method, url, values ?? null, headers ?? null]);
}

/**
 * `notices`: the defaults of every call of this hook; a call may say its own (in the call, or as
 * `run`'s second argument when the call is made elsewhere). `run` resolves with
 * the answer's body, or rejects with the failure (already told, unless `failure` said otherwise).
 */
export function useAction<T = unknown>(notices: ActionNotices<T> = {}) {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  // Calls answered whose changes are still being read again.
  const [refreshing, setRefreshing] = useState(0);
  // The calls under way, by what they send: the same call again before the first is answered (a
  // double-click, a tap before the button shows it is busy) is that call, not a second one.
  const underWay = useRef(new Map<string, Promise<unknown>>());
  const send = useCallback(
    async <R = T>(request: ActionCall<R>, own: ActionNotices<R> = {}): Promise<R> => {
      const call = { ...request, ...own };
      const { url, method = 'post', values, headers, meta } = call;
      // A call's own answer type may differ from the hook's (one hook, several calls).
      const success = (call.success ?? notices.success) as ActionNotices<R>['success'];
      const failure = call.failure ?? notices.failure;
      const answer = await mutateAsync({
        url,
        method,
        values,
        config: { headers },
        meta,
        successNotification: (response) => {
          const text = typeof success === 'function' ? success(response?.data as R) : success;
          return text ? { type: 'success', message: text } : false;
        },
        errorNotification: failure === false ? false : failure ? (error) => (error ? failure(error) : undefined) : undefined,
      });
      // Resolved once what changed is read again: a confirmation awaiting it closes on fresh data.
      setRefreshing((n) => n + 1);
      await Promise.all([
        ...[...(notices.invalidates ?? []), ...(call.invalidates ?? [])].map((target) => {
          const { resource, id, invalidates = ['all'] } = typeof target === 'string' ? { resource: target } : target;
          return invalidate({ resource, id, invalidates });
        }),
        refreshCustom(queryClient, [...(notices.refreshes ?? []), ...(call.refreshes ?? [])]),
      ])
        .catch(() => undefined)
        .finally(() => setRefreshing((n) => n - 1));
      return answer.data as R;
    },
    // The notices are the caller's constants; a new object each render must not make a new run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mutateAsync, invalidate, queryClient],
  );
  const run = useCallback(
    <R = T>(request: ActionCall<R>, own: ActionNotices<R> = {}): Promise<R> => {
      const key = callKey(request);
      const going = key === undefined ? undefined : underWay.current.get(key);
      if (going) return going as Promise<R>;
      const sent = send(request, own);
      if (key !== undefined) {
        underWay.current.set(key, sent);
        void sent.catch(() => undefined).finally(() => underWay.current.delete(key));
      }
      return sent;
    },
    [send],
  );
  return { run, busy: mutation.isPending || refreshing > 0 };
}

/**
 * A read made at a click rather than shown by a screen (the data a print needs): through the data
 * provider too. `quiet`: its failure is the caller's to show (a print goes on without a letterhead);
 * otherwise it is told as any failed read.
 */
export function useAsk() {
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  const { mutate: checkError } = useOnError();
  return useCallback(
    async <T>(url: string, options: { query?: Record<string, string | number | undefined>; quiet?: boolean; file?: boolean; accept?: string } = {}): Promise<T> => {
      const { custom } = dataProvider();
      if (!custom) throw new Error('The data provider has no custom call');
      const meta: CustomMeta = { quiet: options.quiet, file: options.file };
      const headers = options.accept ? { Accept: options.accept } : undefined;
      try {
        return (await custom({ url, method: 'get', query: options.query, headers, meta })).data as T;
      } catch (error) {
        if (!options.quiet) {
          checkError(error);
          const text = error instanceof Error ? error.message : String(error);
          if (text) open?.({ type: 'error', message: '', description: text, key: `get-${url}` });
        }
        throw error;
      }
    },
    [dataProvider, open, checkError],
  );
}

/** What useAsk gives: a read through the data provider. */
export type Ask = ReturnType<typeof useAsk>;

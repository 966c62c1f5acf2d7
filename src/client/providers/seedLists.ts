// A list's first draw with its rows when they are already in (issue 41). On a repeat visit the
// list's rows are asked ahead as the app starts (readAhead.ts) and are in long before the list is
// drawn, but react-query starts a query's fetch only once its screen is mounted and hands the
// answer over in a task of its own: the table was drawn empty, then drawn again with its rows
// (~130 ms at a phone's speed). Here, a Refine list query made for the first time (any list: the
// generated ones, the kit's tables, a relation's options) whose answer was asked ahead and is in
// starts with it, so its screen's first draw has the rows, and the request is not made again.
// Same rule as the read-ahead: taken only with the headers it was asked with (session, language);
// a write before it is taken drops it; and it is not taken after KEPT_MS. Once taken it is an
// answer like any other in the cache: fresh until KEPT_MS after it came, and refetched when a
// write or a live change invalidates it (as Refine does for every list).
import type { Query, QueryClient } from '@tanstack/react-query';
import type { CrudFilter, CrudSort, Pagination } from '@refinedev/core';
import { listAnswer, listUrl } from './dataProvider';
import { requestHeaders } from './http';
import { KEPT_MS, takeAnswered } from './readAhead';
import { getSession } from './session';
import { noteAnswer } from '../offline/link';

/** When each seeded query's answer came (while its data is still that answer). */
const seeded = new WeakMap<Query, number>();

/** Refine v5's list key (useList): keys().data(provider).resource(name).action('list').params({ ...meta, filters, pagination?, sorters? }). */
interface ListKeyParams {
  filters?: CrudFilter[];
  pagination?: Pagination;
  sorters?: CrudSort[];
}

function listOf(key: readonly unknown[]): { resource: string; params: ListKeyParams } | undefined {
  const [data, , resource, action, params] = key;
  if (data !== 'data' || action !== 'list' || typeof resource !== 'string' || key.length !== 5) return undefined;
  return { resource, params: (params ?? {}) as ListKeyParams };
}

/** Refine's list queries start with their rows when the read-ahead's answer is in. */
export function seedListsFromReadAhead(client: QueryClient): void {
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    // A seeded answer is as fresh as one just fetched: its screen's mount does not ask it again.
    queries: { ...defaults.queries, staleTime: (query) => (seeded.get(query) === query.state.dataUpdatedAt ? KEPT_MS : 0) },
  });
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' || event.query.state.data !== undefined) return;
    const list = listOf(event.query.queryKey);
    if (!list) return;
    // The address getList would ask (without server paging the key has none: every row).
    const { filters, sorters, pagination = { mode: 'off' } } = list.params;
    const answered = takeAnswered(listUrl(list.resource, { filters, sorters, pagination }), requestHeaders(), getSession().user?.id);
    const body = answered?.body as { data?: unknown } | undefined;
    if (!answered || !Array.isArray(body?.data)) return;
    noteAnswer();
    event.query.setData(listAnswer(body as { data: unknown[] }), { updatedAt: answered.at, manual: false });
    seeded.set(event.query, answered.at);
  });
}

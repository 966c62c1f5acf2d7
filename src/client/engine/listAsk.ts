// What a generated list asks first (ListPage.tsx), apart from the page, so the app's start can ask
// it ahead while the list's code loads (routeAhead.ts): the same words make the same request.
import type { CrudSort } from '@refinedev/core';
import type { ResourceDef } from '../../shared/resource';

/** The first page's size. */
export const LIST_PAGE_SIZE = 25;

export function parseSort(sort: string): CrudSort[] {
  return sort
    .split(',')
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), order: 'desc' as const } : { field: s, order: 'asc' as const }));
}

/** The data provider's getList parameters of a list opened at its plain address (no filter, sort or page in it). */
export function firstListAsk(def: ResourceDef) {
  return { pagination: { currentPage: 1, pageSize: LIST_PAGE_SIZE, mode: 'server' as const }, sorters: parseSort(def.defaultSort), filters: [] };
}

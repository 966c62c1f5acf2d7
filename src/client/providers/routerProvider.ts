// Refine's React Router bindings, with one change: the match of the address against the
// resources' routes is made once per address, not once per component. Upstream's `parse`
// (@refinedev/react-router 2.0.4, src/bindings.tsx) memoizes the match per hook instance, and
// every button, cell and query hook of a page has one: with our ~80 resources a list page spent
// over half a second of main thread in it on this machine, twice that on a phone (issue 41).
// Everything else is upstream's, as it is.
import { useCallback, useContext, useMemo } from 'react';
import { type ParseResponse, type RouterProvider, QS_PARSE_DEPTH, ResourceContext, matchResourceFromRoute } from '@refinedev/core';
import upstream from '@refinedev/react-router';
import qs from 'qs';
import { matchPath, useLocation, useParams } from 'react-router';

type Match = ReturnType<typeof matchResourceFromRoute>;
type Resources = Parameters<typeof matchResourceFromRoute>[1];

/** Matches per resources list (a new list per language) and address; an app visits few addresses. */
const matches = new WeakMap<Resources, Map<string, Match>>();
const KEPT = 500;

export function matchOnce(pathname: string, resources: Resources): Match {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (!match) {
    if (byPath.size >= KEPT) byPath.clear();
    match = matchResourceFromRoute(pathname, resources);
    byPath.set(pathname, match);
  }
  return match;
}

/** "12" -> 12; anything else as it was (upstream's convertToNumberIfPossible). */
function numberIfPossible(value: unknown): unknown {
  if (typeof value === 'undefined') return value;
  const n = Number(value);
  return `${n}` === `${value}` ? n : value;
}

/**
 * The address's query, parsed once per query string: Refine asks `parse()` from every button's
 * and query's hook on each draw (a list of 25 rows, some 100 times), and qs took a tenth of the
 * rows' first draw on a phone (issue 41). The parsed values are only read.
 */
let lastSearch: { search: string; parsed: Record<string, unknown> } | null = null;
function parseSearch(search: string): Record<string, unknown> {
  if (lastSearch?.search !== search) lastSearch = { search, parsed: qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
  return lastSearch.parsed;
}

function useParse(): () => ParseResponse {
  let params = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = useMemo(() => matchOnce(pathname, resources), [resources, pathname]);
  // Empty when the hook runs outside a Route.
  if (Object.entries(params).length === 0 && matchedRoute) params = matchPath(matchedRoute, pathname)?.params ?? {};
  return useCallback(() => {
    const combined: Record<string, unknown> = { ...params, ...parseSearch(search) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params?.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...combined,
        currentPage: numberIfPossible(combined.currentPage) as number | undefined,
        pageSize: numberIfPossible(combined.pageSize) as number | undefined,
        to: combined.to ? decodeURIComponent(combined.to as string) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const routerProvider: RouterProvider = { ...upstream, parse: useParse };

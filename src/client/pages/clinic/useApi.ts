// GET a custom endpoint through Refine (cached, invalidated like any other query). `liveOn`: the
// resources its answer is made of; a change to one of them, by anyone, asks it again.
import { type BaseRecord, useCustom } from '@refinedev/core';
import { useLiveRefetch } from '../../providers/useLiveRefetch';

const NONE: readonly string[] = [];

export function useApiGet<T extends BaseRecord>(path: string, query?: Record<string, string | number>, enabled = true, liveOn: readonly string[] = NONE) {
  const { query: q, result } = useCustom<T>({
    url: path,
    method: 'get',
    config: query ? { query } : undefined,
    queryOptions: { enabled },
  });
  useLiveRefetch(enabled ? liveOn : NONE, q.refetch);
  return { data: result.data as T | undefined, isLoading: q.isLoading, isError: q.isError, refetch: q.refetch };
}

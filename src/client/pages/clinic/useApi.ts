// GET a custom endpoint through Refine (cached, invalidated like any other query).
import { type BaseRecord, useCustom } from '@refinedev/core';

export function useApiGet<T extends BaseRecord>(path: string, query?: Record<string, string | number>, enabled = true) {
  const { query: q, result } = useCustom<T>({
    url: path,
    method: 'get',
    config: query ? { query } : undefined,
    queryOptions: { enabled },
  });
  return { data: result.data as T | undefined, isLoading: q.isLoading, isError: q.isError, refetch: q.refetch };
}

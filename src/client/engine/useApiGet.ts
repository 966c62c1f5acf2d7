// GET a custom endpoint through Refine's useCustom (the data provider's `custom`: cached, and read
// again by an action's `refreshes`, see useAction.ts). `liveOn`: the resources its answer is made
// of; a change to one of them, by anyone, asks it again. `quiet`: a failure is the screen's to show
// (no toast, no error screen).
import { type BaseRecord, useCustom } from '@refinedev/core';
import { useLiveRefetch } from '../providers/useLiveRefetch';

const NONE: readonly string[] = [];

export function useApiGet<T extends BaseRecord>(path: string, query?: Record<string, string | number>, enabled = true, liveOn: readonly string[] = NONE, quiet = false) {
  const { query: q } = useCustom<T>({
    url: path,
    method: 'get',
    config: query ? { query } : undefined,
    queryOptions: { enabled },
    ...(quiet ? { meta: { quiet: true }, errorNotification: false } : {}),
  });
  useLiveRefetch(enabled ? liveOn : NONE, q.refetch);
  // readAt: when the answer shown was read (engine/ReadBeforeCut.tsx says so during a cut).
  // Undefined until answered (Refine's `result.data` is an empty object then, which `?.` goes through).
  return { data: q.data?.data as T | undefined, isLoading: q.isLoading, isError: q.isError, isFetching: q.isFetching, refetch: q.refetch, readAt: q.dataUpdatedAt };
}

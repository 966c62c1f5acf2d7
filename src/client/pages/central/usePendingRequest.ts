import { useList } from '@refinedev/core';

/** Whether a doctor has a request waiting for the Owner (then nothing about it can change), and which. */
export function usePendingRequest(tenantId: string | number | undefined): { pending: boolean; loading: boolean; requestId?: number } {
  const { result, query } = useList({
    resource: 'doctorRequests',
    filters: [
      { field: 'tenant_id', operator: 'eq', value: tenantId },
      { field: 'status', operator: 'eq', value: 'pending' },
    ],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: tenantId !== undefined },
  });
  const id = result.data?.[0]?.id;
  return { pending: (result.total ?? 0) > 0, loading: query.isLoading, requestId: typeof id === 'number' ? id : undefined };
}

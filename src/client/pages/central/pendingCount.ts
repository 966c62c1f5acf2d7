// The number of requests waiting for a decision (dashboard card, menu badge).
import { api } from '../../providers/http';
import { createPolledStore } from '../../providers/polledStore';

export const pendingRequests = createPolledStore(async () => {
  const body = await api<{ meta?: { total?: number } }>('/requests', { query: 'filter[status]=pending&per_page=1', quiet: true });
  return body.meta?.total ?? 0;
}, 0);

export function refreshPendingCount(): void {
  void pendingRequests.refresh();
}

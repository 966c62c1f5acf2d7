// The number of requests waiting for a decision (dashboard card, menu badge).
import { api } from '../../providers/http';
import { createLiveStore } from '../../providers/liveStore';

export const pendingRequests = createLiveStore(
  async () => {
    const body = await api<{ meta?: { total?: number } }>('/requests', { query: 'filter[status]=pending&per_page=1', quiet: true });
    return body.meta?.total ?? 0;
  },
  0,
  ['doctorRequests'],
);

export function refreshPendingCount(): void {
  void pendingRequests.refresh();
}

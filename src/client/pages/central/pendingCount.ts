// The number of requests waiting for a decision (dashboard card, menu badge): the requests'
// declared menu badge (resources/platform/).
import { resourceByName } from '../../../../resources';
import { badgeStore } from '../../engine/menuBadges';

export const pendingRequests = badgeStore(resourceByName('doctorRequests'));

export function refreshPendingCount(): void {
  void pendingRequests.refresh();
}

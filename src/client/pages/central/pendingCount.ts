// The number of requests waiting for a decision (dashboard card, menu badge): the requests'
// declared menu badge (resources/platform/).
import { resourceByName } from '../../../../resources';
import { badgeUrl, useBadgeCount } from '../../engine/menuBadges';

const requests = resourceByName('doctorRequests');

export const usePendingRequests = () => useBadgeCount(requests);

/** For an action's `refreshes`: the count read again. */
export const PENDING_URL = badgeUrl(requests);

// A count beside a menu entry: the requests waiting for a decision (central).
import { Badge } from 'antd';
import { appScope } from '../host';
import { pendingRequests } from '../pages/central/pendingCount';

function PendingRequestsBadge() {
  const count = pendingRequests.useValue();
  return <Badge count={count} size="small" style={{ marginInlineStart: 8 }} data-testid="menu-pending-requests" />;
}

export function MenuBadge({ menuKey }: { menuKey: string }) {
  if (menuKey === 'doctorRequests' && appScope() === 'central') return <PendingRequestsBadge />;
  return null;
}

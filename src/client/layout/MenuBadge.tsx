// A count beside a menu entry: the records its declaration's badge counts (the requests waiting
// for a decision, the messages to send by hand), live.
import { Badge } from 'antd';
import type { ResourceDef } from '../../shared/resource';
import { badgeStore } from '../engine/menuBadges';

export function MenuBadge({ def }: { def?: ResourceDef }) {
  if (!def) return null;
  return <DeclaredBadge def={def} />;
}

function DeclaredBadge({ def }: { def: ResourceDef }) {
  const count = badgeStore(def).useValue();
  // The platform's pending requests kept their test id from before badges were declared.
  const testId = def.name === 'doctorRequests' ? 'menu-pending-requests' : `menu-badge-${def.name}`;
  return <Badge count={count} size="small" style={{ marginInlineStart: 8 }} data-testid={testId} />;
}

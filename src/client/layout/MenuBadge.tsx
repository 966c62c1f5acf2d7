// A count beside a menu entry: the records its declaration's badge counts (the requests waiting
// for a decision, the messages to send by hand), live; and the device's sync problems (issue 37:
// changes kept during an internet cut that the server refused, waiting for the user).
import { useSyncExternalStore } from 'react';
import { Badge } from 'antd';
import type { ResourceDef } from '../../shared/resource';
import { useBadgeCount } from '../engine/menuBadges';
import { onShellState, shellState } from '../offline/shellState';

export function MenuBadge({ def, screen }: { def?: ResourceDef; screen?: string }) {
  if (screen === 'syncProblems') return <SyncProblemsBadge />;
  if (!def) return null;
  return <DeclaredBadge def={def} />;
}

function DeclaredBadge({ def }: { def: ResourceDef }) {
  const count = useBadgeCount(def);
  // The platform's pending requests kept their test id from before badges were declared.
  const testId = def.name === 'doctorRequests' ? 'menu-pending-requests' : `menu-badge-${def.name}`;
  return <Badge count={count} size="small" style={{ marginInlineStart: 8 }} data-testid={testId} />;
}

function SyncProblemsBadge() {
  const count = useSyncExternalStore(onShellState, () => shellState().problems);
  return <Badge count={count} size="small" style={{ marginInlineStart: 8 }} data-testid="menu-badge-syncProblems" />;
}

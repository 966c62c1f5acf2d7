// Header bell (both applications): unread count, a dropdown of the latest notifications (each one
// opens what it is about, and is then read), "mark all as read", and on the central application
// a link to the notifications page.
import { Suspense, lazy, useState } from 'react';
import { Badge, Button, Dropdown } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { type NotificationItem, markRead, useBell } from '../providers/bell';
import { allows } from '../engine/rules';
import { useAction } from '../engine/useAction';
import { callerOf, useSession } from '../providers/session';

// The dropdown's content loads on demand: first pointed at, focused or opened.
const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(loadPanel);

const LATEST = 8;

export function NotificationBell() {
  const t = useT();
  const { notifications, unread, refetch } = useBell();
  const [open, setOpen] = useState(false);
  const central = appScope() === 'central';
  const name = t('nav.notifications', 'Notifications');
  // The notifications page is the Owner's, Admin's and Developer's (SPEC's route table): a Service
  // Admin's bell lists and opens notices but offers no page.
  const session = useSession();
  const seesPage = central && allows(callerOf(session), { kind: 'central', screen: 'notifications' });
  const latest = notifications.slice(0, LATEST);
  const { run } = useAction();
  const opened = (n: NotificationItem) => {
    setOpen(false);
    if (!n.is_read) void run(markRead(n.id)).catch(() => undefined);
  };

  return (
    <Dropdown open={open} onOpenChange={(next) => {
      setOpen(next);
      if (next) void refetch();
    }} trigger={['click']} placement="bottomRight" popupRender={() => (
      <Suspense fallback={null}>
        <NotificationPanel latest={latest} unread={unread} central={central} seesPage={seesPage} opened={opened} close={() => setOpen(false)} />
      </Suspense>
    )}>
      {/* The name says the count the badge shows, as the badge shows it (a name that leaves out a
          control's visible text fails WCAG 2.5.3; axe reads "(3)" as an aside, hence the colon). */}
      <Button type="text" onPointerEnter={() => void loadPanel()} onFocus={() => void loadPanel()} aria-label={unread > 0 ? `${name}: ${unread > 99 ? '99+' : unread}` : name} data-testid="notification-bell">
        <Badge count={unread} size="small" overflowCount={99} data-testid="bell-count">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}

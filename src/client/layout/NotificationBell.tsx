// Header bell (both applications): unread count, a dropdown of the latest notifications (each one
// opens what it is about, and is then read), "mark all as read", and on the central application
// a link to the notifications page.
import { useState } from 'react';
import { Badge, Button, Card, Dropdown, Empty, List, Space, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { type NotificationItem, bell, markAllRead, markRead } from '../providers/bell';
import { notificationLink } from './notificationLink';
import { allows } from '../engine/rules';
import { callerOf, useSession } from '../providers/session';
import { toast } from '../providers/notify';

const LATEST = 8;

export function NotificationBell() {
  const t = useT();
  const { notifications, unread } = bell.useValue();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const central = appScope() === 'central';
  // The notifications page is the Owner's, Admin's and Developer's (SPEC's route table): a Service
  // Admin's bell lists and opens notices but offers no page.
  const session = useSession();
  const seesPage = central && allows(callerOf(session), { kind: 'central', screen: 'notifications' });
  const latest = notifications.slice(0, LATEST);
  const opened = (n: NotificationItem) => {
    setOpen(false);
    if (!n.is_read) void markRead(n.id).catch(() => undefined); // the bell refreshes on its own anyway
  };

  const panel = (
    <Card size="small" style={{ width: 340, maxWidth: '90vw' }} data-testid="bell-panel"
      title={t('nav.notifications', 'Notifications')}
      extra={
        unread > 0 && (
          <Button size="small" type="link" loading={busy} onClick={async () => {
            setBusy(true);
            try {
              toast('success', (await markAllRead()) ?? t('messages.allRead', 'All notifications marked as read'));
            } catch {
              // shown by the HTTP layer
            } finally {
              setBusy(false);
            }
          }}>
            {t('notificationsPage.markAllRead', 'Mark all as read')}
          </Button>
        )
      }
    >
      {latest.length ? (
        <List
          size="small"
          dataSource={latest}
          renderItem={(n) => {
            const link = notificationLink(n, central ? 'central' : 'tenant');
            return (
            <List.Item key={n.id} style={{ paddingInline: 0 }}>
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                {link ? (
                  <Link to={link} onClick={() => opened(n)} data-testid="bell-item-link">
                    <Typography.Text strong={!n.is_read} style={{ color: 'inherit' }}>{n.message}</Typography.Text>
                  </Link>
                ) : (
                  <Typography.Text strong={!n.is_read}>{n.message}</Typography.Text>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  <span dir="ltr">{dayjs(n.created_at).format('YYYY-MM-DD HH:mm')}</span>
                </Typography.Text>
              </Space>
            </List.Item>
            );
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notificationsPage.empty', 'No notifications')} />
      )}
      {seesPage && (
        <div style={{ textAlign: 'center', marginTop: 8 }}>
          <Link to="/notifications" onClick={() => setOpen(false)} data-testid="bell-view-all">
            {t('notificationsPage.viewAll', 'View all notifications')}
          </Link>
        </div>
      )}
    </Card>
  );

  return (
    <Dropdown open={open} onOpenChange={(next) => {
      setOpen(next);
      if (next) void bell.refresh();
    }} trigger={['click']} popupRender={() => panel} placement="bottomRight">
      <Button type="text" aria-label={t('nav.notifications', 'Notifications')} data-testid="notification-bell">
        <Badge count={unread} size="small" overflowCount={99} data-testid="bell-count">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}

// The bell's dropdown (the latest notifications, "mark all as read", the link to the page):
// loaded when the bell is first pointed at or opened, so the logged-in app's first load carries
// no antd Card (with its tabs and skeleton) nor List.
import { Button, Card, Empty, List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { type NotificationItem, markAllRead } from '../providers/bell';
import { useAction } from '../engine/useAction';
import { notificationLink } from './notificationLink';
import { instantText } from '../engine/instant';

export default function NotificationPanel({ latest, unread, central, seesPage, opened, close }: {
  latest: NotificationItem[];
  unread: number;
  central: boolean;
  seesPage: boolean;
  /** A notification was opened (closes the dropdown, marks it read). */
  opened: (n: NotificationItem) => void;
  close: () => void;
}) {
  const t = useT();
  const { run, busy } = useAction<{ message?: string } | undefined>({ success: (body) => body?.message ?? t('messages.allRead', 'All notifications marked as read') });
  return (
    <Card size="small" style={{ width: 340, maxWidth: '90vw' }} data-testid="bell-panel"
      title={t('nav.notifications', 'Notifications')}
      extra={
        unread > 0 && (
          <Button size="small" type="link" loading={busy} onClick={() => void run(markAllRead).catch(() => undefined)}>
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
                  <span dir="ltr">{instantText(n.created_at)}</span>
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
          <Link to="/notifications" onClick={close} data-testid="bell-view-all">
            {t('notificationsPage.viewAll', 'View all notifications')}
          </Link>
        </div>
      )}
    </Card>
  );
}

// Notifications of the logged-in user: unread and read tabs, page by page, and "mark all as read".
// Each one links to what it is about (a request, a doctor); opening it marks it read.
import { useState } from 'react';
import { Badge, Button, Card, Empty, Space, Table, Tabs, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTable } from '../../engine/kit/useTable';
import type { BaseRecord } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { Link } from 'react-router';
import { markAllRead, markRead, useBell } from '../../providers/bell';
import { notificationLink } from '../../layout/notificationLink';
import { useAction } from '../../engine/useAction';
import { instantText } from '../../engine/instant';

type Tab = 'unread' | 'read';

function NotificationTable({ tab }: { tab: Tab }) {
  const t = useT();
  const { run } = useAction({ invalidates: [{ resource: 'notifications', invalidates: ['list'] }] });
  const { tableProps } = useTable<BaseRecord>({
    resource: 'notifications',
    syncWithLocation: false,
    filters: { permanent: [{ field: 'is_read', operator: 'eq', value: tab === 'read' ? 1 : 0 }] },
    pagination: { pageSize: 20 },
  });
  const empty = tab === 'unread' ? t('notificationsPage.emptyUnread', 'No unread notifications') : t('notificationsPage.empty', 'No notifications');
  return (
    <Table
      {...tableProps}
      scroll={{ x: true }}
      rowKey="id"
      showHeader={false}
      data-testid={`notifications-${tab}`}
      locale={{ emptyText: <Empty description={empty} data-testid="notifications-empty" /> }}
    >
      <Table.Column<BaseRecord>
        key="message"
        render={(_, n) => {
          const text = (
            <Typography.Text strong={!n.is_read} data-testid="notification-message" style={{ color: 'inherit' }}>
              {String(n.message ?? '')}
            </Typography.Text>
          );
          const link = notificationLink({ kind: String(n.kind), data: n.data as Record<string, unknown> | null }, 'central');
          if (!link) return text;
          const open = () => {
            if (n.is_read) return;
            void run(markRead(Number(n.id))).catch(() => undefined);
          };
          return (
            <Link to={link} onClick={open} data-testid="notification-link">
              {text}
            </Link>
          );
        }}
      />
      <Table.Column<BaseRecord>
        key="created_at"
        width={170}
        render={(_, n) => (
          <Typography.Text type="secondary" dir="ltr">
            {instantText(String(n.created_at))}
          </Typography.Text>
        )}
      />
    </Table>
  );
}

export default function NotificationsPage() {
  const t = useT();
  const { unread } = useBell();
  const [tab, setTab] = useState<Tab>('unread');
  const { run, busy } = useAction<{ message?: string } | undefined>({
    success: (body) => body?.message ?? t('messages.allRead', 'All notifications marked as read'),
    invalidates: [{ resource: 'notifications', invalidates: ['list'] }],
  });
  const markAll = () => run(markAllRead).catch(() => undefined);
  return (
    <Card data-testid="notifications-page">
      {/* Title and action wrap onto two lines on a phone rather than clipping the title. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('nav.notifications', 'Notifications')}
        </Typography.Title>
        <Button icon={<CheckOutlined />} onClick={() => void markAll()} loading={busy} data-testid="mark-all-read">
          {t('notificationsPage.markAllRead', 'Mark all as read')}
        </Button>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        destroyOnHidden
        items={[
          { key: 'unread', label: (
              <Space size={6}>
                {t('notificationsPage.unread', 'Unread')}
                <Badge count={unread} size="small" />
              </Space>
            ), children: <NotificationTable tab="unread" /> },
          { key: 'read', label: t('notificationsPage.read', 'Read'), children: <NotificationTable tab="read" /> },
        ]}
      />
    </Card>
  );
}

// The logged-in frame: sider menu (registry resources plus screens, filtered by access), header
// with the user's name, the language switcher and logout.
import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Layout, Menu, Space, Spin, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Link, Outlet, useLocation } from 'react-router';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { type MenuEntry, menuOf, visibleMenu } from '../engine/nav';
import { callerOf, useSession } from '../providers/session';
import { enumLabel } from '../../shared/labels';
import { LanguageSwitcher } from './LanguageSwitcher';
import { menuIcon } from './icons';
import { NotificationBell } from './NotificationBell';
import { MenuBadge } from './MenuBadge';
import { SupportBanner } from './SupportBanner';
import { hasPermission } from '../../shared/access';

const PatientSearch = lazy(() => import('../pages/clinic/PatientSearch'));

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], t: (k: string, d?: string) => string): Item[] {
  return entries.map((e) =>
    e.children.length
      ? { key: e.path, icon: menuIcon(e.icon), label: t(e.label, e.key), children: toItems(e.children, t) }
      : { key: e.path, icon: menuIcon(e.icon), label: <Link to={e.path}>{t(e.label, e.key)}<MenuBadge menuKey={e.key} /></Link> },
  );
}

export function AppLayout() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const { mutate: logout } = useLogout();
  const [collapsed, setCollapsed] = useState(false);
  const scope = appScope();
  const menu = useMemo(() => visibleMenu(menuOf(scope), callerOf(session)), [scope, session]);
  const items = toItems(menu, (k, d) => t(k, d));
  const selected = menu
    .flatMap((e) => [e, ...e.children])
    .filter((e) => !e.children.length && (location.pathname === e.path || location.pathname.startsWith(`${e.path}/`)))
    .map((e) => e.path)
    // Only the closest entry (doctors/requests, not also doctors).
    .sort((a, b) => b.length - a.length)
    .slice(0, 1);
  const open = menu.filter((e) => e.children.some((c) => selected.includes(c.path))).map((e) => e.path);
  const roleField = { type: 'enum' as const, enum: scope === 'central' ? 'centralRole' : 'tenantRole' };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg" theme="light" width={230}>
        <div style={{ padding: 16, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          <Link to="/">{collapsed ? '✚' : t('app.title', 'Clinic Platform')}</Link>
        </div>
        <nav data-testid="app-menu">
          <Menu mode="inline" items={items} selectedKeys={selected} defaultOpenKeys={open} key={open.join(',')} />
        </nav>
      </Layout.Sider>
      <Layout>
        <SupportBanner />
        <Layout.Header style={{ background: 'transparent', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 12 }}>
          {scope === 'tenant' && hasPermission(callerOf(session), 'patients', 'read') && (
            <div style={{ marginInlineEnd: 'auto' }}>
              <Suspense fallback={null}><PatientSearch /></Suspense>
            </div>
          )}
          <Space size="middle">
            <Typography.Text data-testid="user-name" strong>
              {session.user?.name ?? session.user?.username ?? t('common.user', 'User')}
            </Typography.Text>
            <Typography.Text type="secondary">{enumLabel(t, roleField, session.role)}</Typography.Text>
            <NotificationBell />
            <LanguageSwitcher />
            <Button icon={<LogoutOutlined />} onClick={() => logout()} data-testid="logout">
              {t('auth.logout', 'Log out')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {/* A page still loading its code shows a spinner here, with the menu and header kept. */}
          <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

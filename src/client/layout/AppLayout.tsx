// The logged-in frame: sider menu (registry resources plus screens, filtered by access), header
// with the user's menu (their profile, password change, logout), the language switcher and logout. Under the medium breakpoint (phones,
// small tablets at the front desk) the menu is a drawer opened from the header, the header keeps
// its icons and the patient search on a row of its own, and the page gets the whole width.
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Button, Dropdown, Grid, Layout, Menu, Space, Spin } from 'antd';
import { Text } from '../engine/Text';
import type { MenuProps } from 'antd';
import { LockOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Link, Outlet, useLocation } from 'react-router';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { type MenuEntry, menuOf, visibleMenu } from '../engine/nav';
import { callerOf, useSession } from '../providers/session';
import { useIdentity } from '../providers/identity';
import { enumLabel } from '../../shared/labels';
import { LanguageSwitcher } from './LanguageSwitcher';
import { menuIcon } from './icons';
import { NotificationBell } from './NotificationBell';
import { MenuBadge } from './MenuBadge';
import { SupportBanner } from './SupportBanner';
import { hasPermission } from '../../shared/access';
import { useKeyboardShortcuts } from '../engine/keyboard';

/** The header's patient search (a clinic's), loaded when drawn or by the login's warmup (PrivateApp.tsx). */
export const loadPatientSearch = () => import('../pages/clinic/PatientSearch');
const PatientSearch = lazy(loadPatientSearch);
// The menu's drawer is for narrow screens only: loaded there.
const Drawer = lazy(() => import('antd/es/drawer'));

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], t: (k: string, d?: string) => string): Item[] {
  return entries.map((e) =>
    e.children.length
      ? { key: e.path, icon: menuIcon(e.icon), label: t(e.label, e.key), children: toItems(e.children, t) }
      : { key: e.path, icon: menuIcon(e.icon), label: <Link to={e.path}>{t(e.label, e.key)}<MenuBadge def={e.badge} screen={e.key} /></Link> },
  );
}

export function AppLayout() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const { mutate: logout } = useLogout();
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  // Before the first measure `md` is undefined: the wide frame, as before.
  const narrow = Grid.useBreakpoint().md === false;
  const scope = appScope();
  // Choosing a page closes the drawer.
  useEffect(() => setDrawer(false), [location.pathname]);
  useKeyboardShortcuts();
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
  const identity = useIdentity();
  const userName = identity?.name ?? identity?.username ?? t('common.user', 'User');
  // Every signed-in person's own page (details, password, devices, two-step verification).
  const profilePath = scope === 'central' ? '/profile' : '/settings/profile';
  const userMenu: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <Link to={profilePath} data-testid="user-menu-profile">{t('nav.profile', 'Profile')}</Link> },
    { key: 'password', icon: <LockOutlined />, label: <Link to={`${profilePath}#security`} data-testid="user-menu-password">{t('profile.changePassword', 'Change password')}</Link> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">{t('auth.logout', 'Log out')}</span>, onClick: () => logout() },
  ];
  const brand = (short: boolean) => (
    <div style={{ padding: 16, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
      <Link to="/">{short ? '✚' : t('app.title', 'Clinic Platform')}</Link>
    </div>
  );
  const nav = (
    <nav data-testid="app-menu">
      <Menu mode="inline" items={items} selectedKeys={selected} defaultOpenKeys={open} key={open.join(',')} />
    </nav>
  );
  const search = scope === 'tenant' && hasPermission(callerOf(session), 'patients', 'read') && (
    <div style={narrow ? { padding: '8px 12px 0' } : { marginInlineEnd: 'auto' }} data-testid="header-search">
      <Suspense fallback={null}>
        <PatientSearch />
      </Suspense>
    </div>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow ? (
        <Suspense fallback={null}>
          <Drawer
            open={drawer}
            onClose={() => setDrawer(false)}
            placement={document.documentElement.dir === 'rtl' ? 'right' : 'left'}
            width={280}
            title={brand(false)}
            styles={{ body: { padding: 0 }, header: { padding: 0 } }}
            data-testid="menu-drawer"
          >
            <div style={{ padding: '0 16px 12px' }}>
              <Text strong>{userName}</Text>
              <br />
              <Text type="secondary">{enumLabel(t, roleField, session.role)}</Text>
            </div>
            {nav}
          </Drawer>
        </Suspense>
      ) : (
        <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg" theme="light" width={230}>
          {brand(collapsed)}
          {nav}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <SupportBanner />
        <Layout.Header style={{ background: 'transparent', display: 'flex', justifyContent: narrow ? 'space-between' : 'flex-end', alignItems: 'center', gap: 12, paddingInline: narrow ? 12 : 50 }}>
          {narrow && <Button icon={<MenuOutlined />} onClick={() => setDrawer(true)} aria-label={t('nav.menu', 'Menu')} data-testid="menu-open" />}
          {!narrow && search}
          <Space size={narrow ? 'small' : 'middle'}>
            <Dropdown menu={{ items: userMenu }} trigger={['click']} placement="bottomRight">
              <Button type="text" icon={<UserOutlined />} data-testid="user-menu" aria-label={narrow ? t('nav.userMenu', 'My account') : undefined} style={narrow ? undefined : { height: 'auto', paddingBlock: 4 }}>
                {!narrow && (
                  <Space size={8}>
                    <Text data-testid="user-name" strong>
                      {userName}
                    </Text>
                    <Text type="secondary">{enumLabel(t, roleField, session.role)}</Text>
                  </Space>
                )}
              </Button>
            </Dropdown>
            <NotificationBell />
            <LanguageSwitcher />
            <Button icon={<LogoutOutlined />} onClick={() => logout()} data-testid="logout" aria-label={t('auth.logout', 'Log out')}>
              {narrow ? null : t('auth.logout', 'Log out')}
            </Button>
          </Space>
        </Layout.Header>
        {narrow && search}
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          {/* A page still loading its code shows a spinner here, with the menu and header kept. */}
          <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

import type { ReactNode } from 'react';
import type { MenuIcon } from '../../shared/menu';
import {
  AppstoreOutlined,
  BellOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  CrownOutlined,
  DashboardOutlined,
  DollarOutlined,
  EyeOutlined,
  FileOutlined,
  FileTextOutlined,
  InboxOutlined,
  GlobalOutlined,
  LinkOutlined,
  LogoutOutlined,
  MedicineBoxOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SyncOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

const ICONS: Record<MenuIcon, ReactNode> = {
  appstore: <AppstoreOutlined />,
  bell: <BellOutlined />,
  calendar: <CalendarOutlined />,
  'check-square': <CheckSquareOutlined />,
  crown: <CrownOutlined />,
  dashboard: <DashboardOutlined />,
  dollar: <DollarOutlined />,
  eye: <EyeOutlined />,
  'file-text': <FileTextOutlined />,
  global: <GlobalOutlined />,
  inbox: <InboxOutlined />,
  link: <LinkOutlined />,
  logout: <LogoutOutlined />,
  'medicine-box': <MedicineBoxOutlined />,
  safety: <SafetyCertificateOutlined />,
  setting: <SettingOutlined />,
  sync: <SyncOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
};

export function menuIcon(name: MenuIcon | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}

/** An icon named in content the operators typed (a landing-page item): a file icon when unknown. */
export function contentIcon(name: string): ReactNode {
  return (ICONS as Record<string, ReactNode>)[name] ?? <FileOutlined />;
}

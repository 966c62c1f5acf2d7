import type { ReactNode } from 'react';
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
  MedicineBoxOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ReactNode> = {
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
  'medicine-box': <MedicineBoxOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <FileOutlined />;
}

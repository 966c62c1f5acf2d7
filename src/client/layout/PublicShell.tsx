import type { ReactNode } from 'react';
import { Layout, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { appScope } from '../host';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Frame of the public screens (home, login, recovery, error screens): title and language. */
export function PublicShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: 'transparent' }}>
        <Link to="/">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('app.title', 'Clinic Platform')}
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 14 }}>
              {appScope() === 'central' ? t('app.central', 'Central administration') : t('app.clinic', 'Clinic')}
            </Typography.Text>
          </Typography.Title>
        </Link>
        <Space>
          <LanguageSwitcher />
        </Space>
      </Layout.Header>
      <Layout.Content style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: 24 }}>{children}</Layout.Content>
    </Layout>
  );
}

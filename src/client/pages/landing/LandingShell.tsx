// Frame of the public landing pages: brand, login (or dashboard) link, terms, language choice.
import type { ReactNode } from 'react';
import { Button, Layout, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { appScope } from '../../host';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher';
import { homePath } from '../../providers/authProvider';
import { isLoggedIn, useSession } from '../../providers/session';

export function LandingShell({ brand, children }: { brand: string; children: ReactNode }) {
  const t = useT();
  const session = useSession();
  return (
    <Layout style={{ minHeight: '100vh', background: '#fff' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, background: '#fff', borderBottom: '1px solid #f0f0f0', padding: '12px 24px', flexWrap: 'wrap', height: 'auto', lineHeight: 'normal' }}
      >
        <Link to="/">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="landing-brand">{brand}</Typography.Title>
        </Link>
        <Space wrap>
          <LanguageSwitcher />
          {isLoggedIn(session) ? (
            <Link to={homePath(session.role)}>
              <Button type="primary">{t('home.dashboard', 'Go to dashboard')}</Button>
            </Link>
          ) : (
            <Link to="/login" data-testid="home-login">
              <Button type="primary">{t('home.login', 'Log in')}</Button>
            </Link>
          )}
        </Space>
      </Layout.Header>
      <Layout.Content>
        <main style={{ maxWidth: 1140, margin: '0 auto', padding: '24px 16px 48px' }}>{children}</main>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>
        <Space split="·" wrap>
          <span>{t('app.title', 'Clinic Platform')}</span>
          <Link to="/terms" data-testid="terms-link">{t('terms.title', 'Terms and conditions')}</Link>
          {appScope() === 'central' && <Link to="/laws" data-testid="laws-link">{t('laws.publicTitle', 'Laws')}</Link>}
        </Space>
      </Layout.Footer>
    </Layout>
  );
}

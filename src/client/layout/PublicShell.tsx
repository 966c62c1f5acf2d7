import type { ReactNode } from 'react';
import { theme } from 'antd';
import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { appScope } from '../host';
import { LanguageSwitcher } from './LanguageSwitcher';
import { PublicTitle } from './PublicCard';

/**
 * Frame of the public screens (home, login, recovery, error screens): title and language. Plain
 * elements styled with the theme's tokens (as antd's Layout draws them), so these screens load
 * little of antd.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}>
      <header className="public-header">
        <Link to="/">
          <PublicTitle level={4} style={{ margin: 0 }}>
            {t('app.title', 'Clinic Platform')}
            <span style={{ marginInlineStart: 8, fontSize: 14, color: token.colorTextSecondary }}>
              {appScope() === 'central' ? t('app.central', 'Central administration') : t('app.clinic', 'Clinic')}
            </span>
          </PublicTitle>
        </Link>
        <LanguageSwitcher />
      </header>
      <main style={{ flex: 'auto', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: 24 }}>{children}</main>
    </div>
  );
}

// The public home (landing) page. A later issue builds the real landing page; this one offers
// the login link (or the dashboard when logged in) and the language switcher.
import { Button, Card, Typography } from 'antd';
import { Link } from 'react-router';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';
import { homePath } from '../providers/authProvider';
import { isLoggedIn, useSession } from '../providers/session';
import { useTenantData } from '../providers/tenantData';

export default function Home() {
  const t = useT();
  const session = useSession();
  const tenant = useTenantData();
  const landing = (tenant.landing ?? null) as { landing_page?: { title?: string } } | null;
  const loggedIn = isLoggedIn(session);
  return (
    <PublicShell>
      <Card style={{ width: 640, maxWidth: '100%', marginTop: 48, textAlign: 'center' }}>
        <Typography.Title>{landing?.landing_page?.title ?? t('home.title', 'Welcome')}</Typography.Title>
        <Typography.Paragraph>{appScope() === 'central' ? t('home.central', '') : t('home.clinic', '')}</Typography.Paragraph>
        {loggedIn ? (
          <Link to={homePath(session.role)}>
            <Button type="primary" size="large">{t('home.dashboard', 'Go to dashboard')}</Button>
          </Link>
        ) : (
          <Link to="/login" data-testid="home-login">
            <Button type="primary" size="large">{t('home.login', 'Log in')}</Button>
          </Link>
        )}
      </Card>
    </PublicShell>
  );
}

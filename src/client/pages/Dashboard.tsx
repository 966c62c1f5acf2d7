import { Card, Typography } from 'antd';
import { useT } from '../i18n/useT';
import { useIdentity } from '../providers/identity';

/** Dashboard: a greeting for now; charts arrive in a later issue (loaded lazily). */
export default function Dashboard() {
  const t = useT();
  const user = useIdentity();
  return (
    <Card data-testid="dashboard">
      <Typography.Title level={3}>{t('nav.dashboard', 'Dashboard')}</Typography.Title>
      <Typography.Paragraph>{t('pages.dashboardWelcome', { name: user?.name ?? '' })}</Typography.Paragraph>
    </Card>
  );
}

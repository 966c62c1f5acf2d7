// The central dashboard (Owner, Admin, Developer): figures, pending requests, and the charts
// (loaded lazily with @ant-design/plots).
import { Suspense, lazy } from 'react';
import { Alert, Badge, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { useIdentity } from '../../providers/identity';
import type { CentralDashboard, Counts } from './dashboardData';
import { usePendingRequests } from './pendingCount';

const DashboardCharts = lazy(() => import('./DashboardCharts'));
const COUNT_KEYS: (keyof Counts)[] = ['doctors', 'active', 'users', 'patients', 'visits', 'storage_mb', 'cases', 'laws'];

export default function Dashboard() {
  const t = useT();
  const user = useIdentity();
  const pending = usePendingRequests();
  const { result, query } = useCustom<{ data: CentralDashboard }>({ url: '/dashboard', method: 'get' });
  const data = result.data?.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="dashboard">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('pages.dashboardWelcome', { name: user?.name ?? '' })}
      </Typography.Title>
      {query.isError && <Alert type="error" showIcon message={t('errors.server', 'Something went wrong, please try again later')} />}
      <Row gutter={[16, 16]}>
        {COUNT_KEYS.map((key) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Card size="small" data-testid={`count-${key}`}>
              <Statistic title={t(`dashboard.counts.${key}`, key)} value={data?.counts[key] ?? 0} loading={query.isLoading} />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Link to="/doctors/requests" data-testid="pending-requests-card">
            <Card size="small" hoverable>
              <Statistic
                title={t('dashboard.pendingRequests', 'Pending requests')}
                value={pending}
                prefix={
                  <Badge dot={pending > 0}>
                    <InboxOutlined />
                  </Badge>
                }
              />
            </Card>
          </Link>
        </Col>
      </Row>
      {data ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <DashboardCharts data={data} />
        </Suspense>
      ) : (
        query.isLoading && <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Space>
  );
}
